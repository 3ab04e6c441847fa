import type { z } from 'zod';

export const ROLES = ['admin', 'dealer', 'delivery'] as const;
export type Role = (typeof ROLES)[number];

export const SERVICES = [
  'identity',
  'dealer',
  'order',
  'shipping',
  'catalog',
  'media',
  'geocoding',
  'incentive',
] as const;
export type ServiceName = (typeof SERVICES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint.
 * - `public`: no token.
 * - `any`: any signed-in user.
 * - a list of roles; `dealerOwn` adds "a dealer, for its own dealer id only" (the path parameter named).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'any' }
  | { kind: 'roles'; roles: readonly Role[]; dealerOwnParam?: string };

/** An uploaded file accepted by a multipart endpoint. */
export interface FilePart {
  /** form field name, verbatim from the spec */
  field: string;
  /** the largest accepted size in bytes */
  maxBytes: number;
  /** accepted kinds, checked by content (magic bytes), never by name or browser MIME type */
  kinds: readonly ImageKind[];
  required: boolean;
  /** how many files the field takes (default 1); with more than one the handler reads them from `fileLists` */
  maxCount?: number;
  /** the spec's messages for a file that is too large / of the wrong kind / missing */
  messages: { tooLarge: string; wrongKind: string; missing?: string };
}

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

export type ResponseKind = 'json' | 'html' | 'image' | 'csv' | 'pdf';

export interface EndpointDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** stable identifier, `<area>.<action>`; handlers are registered under it */
  id: string;
  method: HttpMethod;
  /** full path, verbatim from the spec; parameters as `{name}` */
  path: string;
  owner: ServiceName;
  access: Access;
  summary: string;
  params?: P;
  query?: Q;
  /** JSON body, or the text fields of a multipart body when `files` is set */
  body?: B;
  files?: readonly FilePart[];
  /** largest JSON body accepted, in bytes (default 2 MB); bigger bodies are refused with 413 */
  maxBodyBytes?: number;
  /** what a successful call answers; for non-JSON kinds this documents the shape loosely */
  response: R;
  responseKind?: ResponseKind;
  /** A JSON endpoint that answers a PDF of the same document instead when its query says `format=pdf`. */
  pdfWithFormat?: true;
  /**
   * Declared by the product although the spec's endpoint table does not list it (e.g. sign-out): the
   * spec-match test accepts it, and still requires every row of the table.
   */
  beyondSpec?: true;
  /**
   * A public endpoint whose answer must never be kept by a browser or a shared cache (it carries a token or
   * personal data). Every non-public endpoint is answered `Cache-Control: no-store` anyway.
   */
  noStore?: true;
}

/**
 * Declares an endpoint, keeping its exact type: a declared body, params or query is typed as present
 * (not `| undefined`), and one left out stays absent, so handlers and clients get precise input types.
 */
export function endpoint<const D extends EndpointDef>(def: D): D {
  return def;
}

export const access = {
  public: { kind: 'public' } as const,
  any: { kind: 'any' } as const,
  roles: (...roles: Role[]): Access => ({ kind: 'roles', roles }),
  /** e.g. `admin,dealer(own)` in endpoints.tsv */
  rolesOrOwnDealer: (param: string, ...roles: Role[]): Access => ({
    kind: 'roles',
    roles: [...roles, 'dealer'],
    dealerOwnParam: param,
  }),
};

export type BodyOf<E> = E extends EndpointDef<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.infer<B> : never;
export type ResponseOf<E> = E extends EndpointDef<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;

/** Express-style path (`:name`) for a contract path (`{name}`). */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills a contract path's `{name}` parameters, URL-encoding each value. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Whether a user with `role` passes the role check of `access` (ownership is checked by the owner). */
export function roleAllowed(acc: Access, role: Role | undefined): boolean {
  if (acc.kind === 'public') return true;
  if (!role) return false;
  if (acc.kind === 'any') return true;
  return acc.roles.includes(role);
}

import type { EndpointDef, EndpointId, Endpoints, EndpointsOf, ServiceName } from '@portal/contracts';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { AuthUser } from '../auth';
import { HttpError } from './errors';

/** An uploaded file, already checked by content and size against the contract. */
export interface UploadedFile {
  field: string;
  originalName: string;
  buffer: Buffer;
  size: number;
  contentType: string;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a handler receives: input already validated with the contract's schemas. */
export interface HandlerInput<E extends EndpointDef> {
  body: Infer<E['body']>;
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  /** the verified caller; null only on public endpoints called without a token */
  user: E['access'] extends { kind: 'public' } ? AuthUser | null : AuthUser;
  /** the first (or only) file of each file field */
  files: Record<string, UploadedFile>;
  /** every file of each file field, in the order sent (a part with `maxCount` above 1 takes several) */
  fileLists: Record<string, UploadedFile[]>;
  req: Request;
  res: Response;
}

/** Returned by a handler that wrote the response itself (HTML, images, redirects). */
export const SENT: unique symbol = Symbol('response already sent');

/** A JSON answer with a status other than 200. */
export class Reply<T> {
  constructor(
    readonly status: number,
    readonly body: T,
  ) {}
}
export const reply = <T>(status: number, body: T) => new Reply(status, body);

type Output<E extends EndpointDef> = E['response'] extends z.ZodType ? z.input<E['response']> : unknown;

type DefOf<E> = E extends EndpointId ? Endpoints[E] : E extends EndpointDef ? E : never;

/**
 * The handler of one contract endpoint, named by its id (`Handler<'admin.notes', DealerContext>`) or by its
 * declaration: validated input in, the contract's response (or a Reply, or SENT) out.
 */
export type Handler<E extends EndpointId | EndpointDef, Ctx> = (
  input: HandlerInput<DefOf<E>>,
  ctx: Ctx,
) => Promise<Output<DefOf<E>> | Reply<Output<DefOf<E>>> | typeof SENT>;

/** Every endpoint the service owns must have a handler: the type and the boot check both insist. */
export type HandlersOf<S extends ServiceName, Ctx> = {
  [K in keyof EndpointsOf<S>]: EndpointsOf<S>[K] extends EndpointDef ? Handler<EndpointsOf<S>[K], Ctx> : never;
};

/**
 * The handler for an endpoint not built yet: 501 with a clear detail naming what will bring it.
 */
export function notImplemented(arrivesWith: string) {
  // biome-ignore lint/suspicious/noExplicitAny: fits any endpoint's handler slot
  const handler = async (input: HandlerInput<any>): Promise<never> => {
    throw new HttpError(501, `${input.req.method} ${input.req.path} is not built yet: it arrives with ${arrivesWith}.`);
  };
  return handler as never;
}

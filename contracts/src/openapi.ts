import { z } from 'zod';
import { ErrorBody } from './common';
import type { EndpointDef, FilePart, ImageKind, ServiceName } from './endpoint';
import { allEndpoints } from './endpoints';

/**
 * The OpenAPI 3.1 document of the portal's HTTP API, generated from the contract so it cannot drift
 * from what the gateway routes and the services validate. The gateway serves it.
 */

export interface OpenApiOptions {
  title?: string;
  version?: string;
  serverUrl?: string;
}

type JsonSchema = z.core.JSONSchema.BaseSchema;
type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: ServiceName; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, Json>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Json>;
    securitySchemes: Record<string, Json>;
  };
}

const SERVICE_DESCRIPTIONS: Record<ServiceName, string> = {
  identity: 'Sign-in, users, dealer logins and invitations, profile, company, system, email and notification settings',
  dealer: 'Dealers, archive and restore, notes, zones, bulk import, dealer profile and generated website',
  order: 'Orders, invoices and payments; dealer ordering',
  shipping: 'Ready-to-ship orders, shipments, routes and delivery status',
  catalog: 'Products and product images',
  media: 'The picture library',
  geocoding: 'Dealer map, categories, locator search and the geocoding console',
  incentive: 'Dealer performance, incentive programs, achievements and notifications',
};

const MEDIA_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Error answers, each a `{ detail }` body; operations reference the ones that can happen to them. */
const ERROR_RESPONSES = {
  BadRequest: { status: '400', description: 'Invalid input; detail carries the first validation message' },
  Unauthorized: { status: '401', description: 'Missing, invalid or expired bearer token' },
  Forbidden: { status: '403', description: 'The signed-in role may not call this endpoint' },
  NotFound: { status: '404', description: 'The record named in the path does not exist' },
  PayloadTooLarge: { status: '413', description: 'An uploaded file is over its size limit' },
  TooManyRequests: { status: '429', description: 'Too many requests; retry later' },
  NotImplemented: { status: '501', description: 'Declared by the contract but not yet served by its owning service' },
} as const;
type ErrorResponseName = keyof typeof ERROR_RESPONSES;

const BEARER = 'bearerAuth';

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without the per-document $schema. */
function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest }: JsonSchema = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

function acceptsUndefined(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

function parameters(def: EndpointDef): Json[] {
  const list: Json[] = [];
  for (const [location, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, 'input');
    const required = new Set(json.required ?? []);
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({ name, in: location, required: location === 'path' || required.has(name), schema: property });
    }
  }
  return list;
}

function describeFile(file: FilePart): string {
  const kinds = file.kinds.map((kind) => kind.toUpperCase()).join(', ');
  return `${kinds}, at most ${file.maxBytes} bytes (checked by content). Too large: '${file.messages.tooLarge}'; wrong kind: '${file.messages.wrongKind}'.`;
}

function multipartBody(def: EndpointDef, files: readonly FilePart[]): Json {
  const fields: JsonSchema = def.body ? toSchema(def.body, 'input') : {};
  const properties: Json = { ...(fields.properties ?? {}) };
  const required = [...(fields.required ?? [])];
  const encoding: Json = {};
  for (const file of files) {
    properties[file.field] = { type: 'string', format: 'binary', description: describeFile(file) };
    if (file.required) required.push(file.field);
    encoding[file.field] = { contentType: file.kinds.map((kind) => MEDIA_TYPES[kind]).join(', ') };
  }
  return {
    required: files.some((file) => file.required) || required.length > 0,
    content: { 'multipart/form-data': { schema: { type: 'object', properties, required }, encoding } },
  };
}

function requestBody(def: EndpointDef): Json | undefined {
  if (def.files && def.files.length > 0) return multipartBody(def, def.files);
  if (!def.body) return undefined;
  const schema = toSchema(def.body, 'input');
  // a body of text fields only may also come as a form, as the spec's forms send it (the platform parses all three)
  const form = isTextFieldsOnly(schema)
    ? { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema } }
    : {};
  return { required: !acceptsUndefined(def.body), content: { 'application/json': { schema }, ...form } };
}

function isTextFieldsOnly(schema: Json): boolean {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties;
  return (
    !!properties && Object.values(properties).length > 0 && Object.values(properties).every((p) => p.type === 'string')
  );
}

function successContent(def: EndpointDef): Json {
  switch (def.responseKind ?? 'json') {
    case 'image':
      return { 'image/*': { schema: { type: 'string', format: 'binary' } } };
    case 'html':
      return { 'text/html': { schema: { type: 'string' } } };
    case 'csv':
      return { 'text/csv': { schema: { type: 'string' } } };
    case 'pdf':
      return { 'application/pdf': { schema: { type: 'string', format: 'binary' } } };
    case 'json': {
      const json = { 'application/json': { schema: toSchema(def.response, 'output') } };
      return def.pdfWithFormat
        ? { ...json, 'application/pdf': { schema: { type: 'string', format: 'binary' } } }
        : json;
    }
  }
}

function errorResponsesOf(def: EndpointDef): ErrorResponseName[] {
  const names: ErrorResponseName[] = [];
  const hasFiles = (def.files?.length ?? 0) > 0;
  if (def.params || def.query || def.body || hasFiles) names.push('BadRequest');
  if (def.access.kind !== 'public') names.push('Unauthorized');
  if (def.access.kind === 'roles') names.push('Forbidden');
  if (def.params) names.push('NotFound');
  if (hasFiles) names.push('PayloadTooLarge');
  if (def.access.kind === 'public') names.push('TooManyRequests');
  names.push('NotImplemented');
  return names;
}

/** Who may call, as endpoints.tsv writes it: public, any, admin, dealer(own), ... */
function accessLabel(def: EndpointDef): string[] {
  const { access } = def;
  if (access.kind !== 'roles') return [access.kind];
  return access.roles.map((role) => (role === 'dealer' && access.dealerOwnParam ? 'dealer(own)' : role));
}

function operation(def: EndpointDef): Json {
  const responses: Json = { '200': { description: def.summary, content: successContent(def) } };
  for (const name of errorResponsesOf(def)) {
    responses[ERROR_RESPONSES[name].status] = { $ref: `#/components/responses/${name}` };
  }
  const op: Json = {
    operationId: def.id,
    summary: def.summary,
    tags: [def.owner],
    'x-roles': accessLabel(def),
    parameters: parameters(def),
    responses,
  };
  const body = requestBody(def);
  if (body) op.requestBody = body;
  if (def.access.kind === 'public') op.security = [];
  return op;
}

export function buildOpenApiDocument(opts: OpenApiOptions = {}): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const def of allEndpoints) {
    paths[def.path] = { ...paths[def.path], [def.method.toLowerCase()]: operation(def) };
  }
  const responses: Record<string, Json> = {};
  for (const [name, { description }] of Object.entries(ERROR_RESPONSES)) {
    responses[name] = {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: opts.title ?? 'Dealer portal API',
      version: opts.version ?? '1.0.0',
      description:
        'The HTTP API of the hunting-blind dealer portal. Money is in US dollars with at most 2 decimals; ' +
        'every failure answers { detail }.',
    },
    servers: [{ url: opts.serverUrl ?? '/' }],
    tags: (Object.keys(SERVICE_DESCRIPTIONS) as ServiceName[]).map((name) => ({
      name,
      description: SERVICE_DESCRIPTIONS[name],
    })),
    security: [{ [BEARER]: [] }],
    paths,
    components: {
      schemas: { ErrorBody: toSchema(ErrorBody, 'output') },
      responses,
      securitySchemes: {
        [BEARER]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'ES256 token from POST /api/auth/login',
        },
      },
    },
  };
}

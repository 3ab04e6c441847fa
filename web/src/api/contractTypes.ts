import type { endpoints } from '@portal/contracts';
import type { z } from 'zod';
import type { EndpointId } from './contractRoutes';

type Declared = typeof endpoints;
export type Def<Id extends EndpointId> = Declared[Id];

/** What the client sends for a schema: its input type, or its output when the input is open (a preprocess). */
type Sent<S extends z.ZodType> = unknown extends z.input<S> ? z.output<S> : z.input<S>;
/** The path parameters, when the endpoint declares them. */
type ParamsPart<D> = D extends { params: infer S extends z.ZodType } ? { params: Sent<S> } : unknown;
/** The query string, optional when every field of it is. */
type QueryPart<D> = D extends { query: infer S extends z.ZodType }
  ? Record<string, never> extends Sent<S>
    ? { query?: Sent<S> }
    : { query: Sent<S> }
  : unknown;
/** The body: the form data of a multipart endpoint (files declared), else the declared JSON body. */
type BodyPart<D> = D extends { files: readonly unknown[] }
  ? { body: FormData }
  : D extends { body: infer S extends z.ZodType }
    ? undefined extends Sent<S>
      ? { body?: Sent<S> }
      : { body: Sent<S> }
    : unknown;
type Parts<D> = ParamsPart<D> & QueryPart<D> & BodyPart<D>;
type Flat<T> = { [K in keyof T]: T[K] } & {};

/**
 * What a call of the endpoint takes, inferred from its declaration: `{ params, query, body }` with only the
 * parts it declares (the input types of its schemas; FormData for a multipart endpoint), or nothing at all.
 */
// `void`, not `undefined`: RTK Query reads a `void` argument as "the hook and initiate may be called without one"
export type ArgOf<Id extends EndpointId> = keyof Flat<Parts<Def<Id>>> extends never
  ? // biome-ignore lint/suspicious/noConfusingVoidType: see above
    void
  : Record<string, never> extends Flat<Parts<Def<Id>>>
    ? // biome-ignore lint/suspicious/noConfusingVoidType: see above
      Flat<Parts<Def<Id>>> | void
    : Flat<Parts<Def<Id>>>;

/** What a successful call answers: the output type of the declared response schema. */
export type ResponseOf<Id extends EndpointId> = z.output<Def<Id>['response']>;

/** The endpoints anyone may call without signing in (landing, login, signup). */
export type PublicEndpointId = {
  [K in EndpointId]: Def<K>['access'] extends { kind: 'public' } ? K : never;
}[EndpointId];

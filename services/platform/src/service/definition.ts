import type { Server } from 'node:http';
import {
  type EndpointDef,
  type EventDef,
  type EventEnvelope,
  type EventType,
  isEventType,
  type PayloadOfType,
  type ServiceName,
} from '@portal/contracts';
import type express from 'express';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { RevocationFeed, SessionRevocations, TokenVerifier } from '../auth';
import type { BaseConfig } from '../config';
import type { EntityClass, MigrationClass } from '../db';
import type { EventItem, EventTransport } from '../events';
import type { Handler, HandlerInput, HandlersOf } from '../http/handler';
import type { Mailer } from '../mail';
import type { ObjectStore } from '../storage';
import type { SystemErrorSink } from './system-errors';

/**
 * Emits an event from inside a transaction: the row is written with the change, published after commit.
 * Answers the event id.
 */
export interface Emit {
  <D extends EventDef>(def: D, aggregateId: string, payload: z.input<D['payload']>): Promise<string>;
  /**
   * Many events of one type with one outbox insert (bulk changes); each payload is checked first, so one bad
   * payload throws before anything is written. Answers the event ids in the order of `items`.
   */
  many<D extends EventDef>(def: D, items: readonly EventItem<z.input<D['payload']>>[]): Promise<string[]>;
}

/**
 * What a running service hands its handlers, consumers and start hook. `D` is what the definition's
 * `dependencies` built (signers, caches, limiters: one set per running service).
 */
export interface ServiceContext<C extends BaseConfig = BaseConfig, D = unknown> {
  name: ServiceName;
  config: C;
  logger: Logger;
  db: DataSource;
  objects: ObjectStore;
  mailer: Mailer;
  verifier: TokenVerifier;
  /**
   * The revoked sessions this service's verifier consults. `sync()` refreshes them now: identity calls it after
   * a revoking commit, so its own check needs no wait for the next poll.
   */
  sessions: { sync(): Promise<void> };
  /** runs `work` in one transaction; events it emits are published once it commits */
  transaction<T>(work: (manager: EntityManager, emit: Emit) => Promise<T>): Promise<T>;
  /** the service's own dependencies (ServiceDefinition.dependencies), built once before onStart */
  deps: D;
}

/**
 * What a consumer receives besides the event: the service context plus the consumer's own transaction (the
 * one that records the event as processed) and its `emit`, whose events are published once it commits.
 */
export interface ConsumerContext<C extends BaseConfig = BaseConfig, D = unknown> extends ServiceContext<C, D> {
  manager: EntityManager;
  emit: Emit;
  /** runs `work` once the consumer's transaction has committed (never when it rolls back): wake a worker */
  afterCommit(work: () => void): void;
}

/** Applies one event of type T; its payload has been checked against the contract's schema. */
export type Consumer<T extends EventType, C extends BaseConfig = BaseConfig, D = unknown> = (
  event: EventEnvelope<PayloadOfType<T>>,
  ctx: ConsumerContext<C, D>,
) => Promise<void>;

/** Applies many events of type T at once, in delivery order (see ServiceDefinition.batchConsumers). */
export type BatchConsumer<T extends EventType, C extends BaseConfig = BaseConfig, D = unknown> = (
  events: EventEnvelope<PayloadOfType<T>>[],
  ctx: ConsumerContext<C, D>,
) => Promise<void>;

/** Consumers by event type: a key that is not a declared event type does not compile (and fails at start). */
export type ConsumersOf<C extends BaseConfig = BaseConfig, D = unknown> = { [T in EventType]?: Consumer<T, C, D> };
export type BatchConsumersOf<C extends BaseConfig = BaseConfig, D = unknown> = {
  [T in EventType]?: BatchConsumer<T, C, D>;
};

/**
 * A service-to-service endpoint: declared like a contract endpoint (roles, body schema, response) but under
 * /internal/ and outside the contract's endpoint table, so the gateway never routes it and no browser reaches
 * it. The service mounts it with the same router (token and role checked, body validated). Build one with
 * `internalRoute(endpoint, handler)`; other services call it with `internalClient` (internal-client.ts).
 */
export interface InternalRoute<C extends BaseConfig = BaseConfig, D = unknown> {
  readonly endpoint: EndpointDef;
  // biome-ignore lint/suspicious/noExplicitAny: typed by internalRoute(); the router stores handlers of every endpoint
  readonly handler: (input: HandlerInput<any>, ctx: ServiceContext<C, D>) => Promise<unknown>;
}

/** Pairs an internal endpoint with its handler, typed by the endpoint's schemas. */
export function internalRoute<E extends EndpointDef, C extends BaseConfig = BaseConfig, D = unknown>(
  endpoint: E,
  handler: Handler<E, ServiceContext<C, D>>,
): InternalRoute<C, D> {
  return { endpoint, handler: handler as InternalRoute<C, D>['handler'] };
}

export const INTERNAL_PATH_PREFIX = '/internal/';

export interface ServiceDefinition<S extends ServiceName, C extends BaseConfig = BaseConfig, D = unknown> {
  name: S;
  /** the service's configuration schema (extends BaseConfig); BaseConfig when absent */
  config?: z.ZodType<C>;
  migrations: MigrationClass[];
  entities?: EntityClass[];
  /**
   * Tables of the service's schema its role may only read and append to (identity's audit log): after the
   * migrations, provisioning with DATABASE_ADMIN_URL hands them to another role (db/provision.ts).
   */
  appendOnlyTables?: readonly string[];
  /**
   * Builds the service's own long-lived parts (a token signer, in-memory limiters, caches, a search index)
   * once the database is open and migrated, before onStart; every handler, consumer and hook finds them as
   * `ctx.deps`. Work they run in the background is stopped in onStop. `D` is inferred from this function
   * alone: a service that declares no dependencies has `deps: unknown`.
   */
  dependencies?: (base: ServiceContext<C>) => D | Promise<D>;
  handlers: HandlersOf<S, ServiceContext<C, NoInfer<D>>>;
  /**
   * Events this service consumes one at a time, by type. A type is registered once: here or in
   * `batchConsumers`, whose single events are applied as batches of one.
   */
  consumers?: ConsumersOf<C, NoInfer<D>>;
  /**
   * Events this service applies in batches, by type: events of the type that arrive together are applied
   * with one call in one transaction (bulk imports announce thousands); a lone event is a batch of one, so
   * the type is not also in `consumers`. Database work only: see ConsumersOptions.batchHandlers.
   */
  batchConsumers?: BatchConsumersOf<C, NoInfer<D>>;
  /** runs once the database is migrated and the dependencies built, before the service listens (seed data, background work) */
  onStart?: (ctx: ServiceContext<C, NoInfer<D>>) => Promise<void>;
  /** runs when the service stops, after it stopped listening and before its database closes (background work) */
  onStop?: (ctx: ServiceContext<C, NoInfer<D>>) => Promise<void>;
  /**
   * The service that knows the sessions (identity) supplies the revoked ones: it checks tokens against this
   * feed directly and serves it to the others at GET /internal/session-revocations?after=N. Every other
   * service polls that endpoint at IDENTITY_URL.
   */
  revocationFeed?: (ctx: ServiceContext<C, NoInfer<D>>) => RevocationFeed;
  /** service-to-service endpoints under /internal/ (see InternalRoute) */
  internalRoutes?: readonly InternalRoute<C, NoInfer<D>>[];
  /**
   * The service that mails system errors (identity) takes its own reports directly; every other service sends
   * them to identity's POST /internal/system-errors at IDENTITY_URL (see system-errors.ts).
   */
  systemErrorSink?: (ctx: ServiceContext<C, NoInfer<D>>) => SystemErrorSink;
}

export function defineService<S extends ServiceName, C extends BaseConfig = BaseConfig, D = unknown>(
  def: ServiceDefinition<S, C, D>,
) {
  return def;
}

/** Shared parts the one-machine portal passes to every service; each is built from env when absent. */
export interface ServiceDeps {
  transport?: EventTransport;
  objects?: ObjectStore;
  mailer?: Mailer;
  logger?: Logger;
  /**
   * One revoked-session list shared by several services in one process (its owner starts and stops it);
   * when absent, each service keeps its own, fed by its revocationFeed or by identity's endpoint.
   */
  revocations?: SessionRevocations;
}

export interface RunningService<C extends BaseConfig = BaseConfig, D = unknown> {
  ctx: ServiceContext<C, D>;
  app: express.Express;
  server: Server;
  url: string;
  port: number;
  /** the service's own revocation feed, when it supplies one (identity) */
  revocationFeed?: RevocationFeed;
  stop(): Promise<void>;
}

/** What checkDefinition and consumedEventTypes read of a definition (any service's, whatever its types). */
interface DefinitionShape {
  name: string;
  consumers?: object;
  batchConsumers?: object;
  internalRoutes?: readonly { endpoint: EndpointDef }[];
}

/** The event types a service consumes: those with a per-event consumer or a batch consumer. */
export function consumedEventTypes(def: Pick<DefinitionShape, 'consumers' | 'batchConsumers'>): string[] {
  return [...new Set([...Object.keys(def.consumers ?? {}), ...Object.keys(def.batchConsumers ?? {})])];
}

/**
 * Checks what types cannot: every consumer key is a declared event type registered once (per event or in
 * batches, not both), and every internal route is under /internal/. Throws before anything starts.
 */
export function checkDefinition(def: DefinitionShape): void {
  for (const { endpoint } of def.internalRoutes ?? []) {
    if (!endpoint.path.startsWith(INTERNAL_PATH_PREFIX))
      throw new Error(`${def.name}: the internal route ${endpoint.id} must be under ${INTERNAL_PATH_PREFIX}`);
  }
  for (const type of consumedEventTypes(def)) {
    if (!isEventType(type)) throw new Error(`${def.name}: consumer of unknown event type "${type}"`);
    if (Object.hasOwn(def.consumers ?? {}, type) && Object.hasOwn(def.batchConsumers ?? {}, type))
      throw new Error(`${def.name}: "${type}" has a per-event and a batch consumer; keep the batch one alone`);
  }
}

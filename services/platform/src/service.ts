import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type EndpointDef,
  type EventDef,
  type EventEnvelope,
  type EventType,
  endpointsByService,
  isEventType,
  type PayloadOfType,
  SESSION_REVOCATIONS_PATH,
  type ServiceName,
  SessionRevocationsQuery,
} from '@portal/contracts';
import compression from 'compression';
import express from 'express';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  createTokenVerifier,
  httpRevocationFeed,
  type RevocationFeed,
  SessionRevocations,
  type TokenVerifier,
} from './auth';
import { BaseConfig, ConfigError, loadConfig } from './config';
import {
  DATABASE_UNAVAILABLE_DETAIL,
  type EntityClass,
  isDatabaseUnavailable,
  type MigrationClass,
  openDatabase,
} from './db';
import {
  type BatchEventHandler,
  crashAfterCommitSeam,
  createAmqpTransport,
  createInProcessTransport,
  type EventHandler,
  type EventItem,
  type EventTransport,
  enqueueEvent,
  enqueueEvents,
  OutboxRelay,
  outboxRelaySettings,
  startConsumers,
} from './events';
import { contractRouter } from './http/contract-router';
import { errorHandler, validationError } from './http/error-handler';
import { HttpError } from './http/errors';
import type { Handler, HandlerInput, HandlersOf } from './http/handler';
import { healthRouter } from './http/health';
import { requestContextMiddleware } from './http/request-context';
import { createLogger } from './log/logger';
import { type Mailer, mailerFromEnv } from './mail';
import { createServiceMetrics, metricsRoute, type ServiceMetrics, setRouteLabel } from './metrics';
import { runProcess } from './run-process';
import { type ObjectStore, objectStoreFromEnv } from './storage';

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

/** What a running service hands its handlers, consumers and start hook. */
export interface ServiceContext<C extends BaseConfig = BaseConfig> {
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
}

/**
 * What a consumer receives besides the event: the service context plus the consumer's own transaction (the
 * one that records the event as processed) and its `emit`, whose events are published once it commits.
 */
export interface ConsumerContext<C extends BaseConfig = BaseConfig> extends ServiceContext<C> {
  manager: EntityManager;
  emit: Emit;
  /** runs `work` once the consumer's transaction has committed (never when it rolls back): wake a worker */
  afterCommit(work: () => void): void;
}

/** Applies one event of type T; its payload has been checked against the contract's schema. */
export type Consumer<T extends EventType, C extends BaseConfig = BaseConfig> = (
  event: EventEnvelope<PayloadOfType<T>>,
  ctx: ConsumerContext<C>,
) => Promise<void>;

/** Applies many events of type T at once, in delivery order (see ServiceDefinition.batchConsumers). */
export type BatchConsumer<T extends EventType, C extends BaseConfig = BaseConfig> = (
  events: EventEnvelope<PayloadOfType<T>>[],
  ctx: ConsumerContext<C>,
) => Promise<void>;

/** Consumers by event type: a key that is not a declared event type does not compile (and fails at start). */
export type ConsumersOf<C extends BaseConfig = BaseConfig> = { [T in EventType]?: Consumer<T, C> };
export type BatchConsumersOf<C extends BaseConfig = BaseConfig> = { [T in EventType]?: BatchConsumer<T, C> };

/**
 * A service-to-service endpoint: declared like a contract endpoint (roles, body schema, response) but under
 * /internal/ and outside the contract's endpoint table, so the gateway never routes it and no browser reaches
 * it. The service mounts it with the same router (token and role checked, body validated). Build one with
 * `internalRoute(endpoint, handler)`.
 */
export interface InternalRoute<C extends BaseConfig = BaseConfig> {
  readonly endpoint: EndpointDef;
  // biome-ignore lint/suspicious/noExplicitAny: typed by internalRoute(); the router stores handlers of every endpoint
  readonly handler: (input: HandlerInput<any>, ctx: ServiceContext<C>) => Promise<unknown>;
}

/** Pairs an internal endpoint with its handler, typed by the endpoint's schemas. */
export function internalRoute<E extends EndpointDef, C extends BaseConfig = BaseConfig>(
  endpoint: E,
  handler: Handler<E, ServiceContext<C>>,
): InternalRoute<C> {
  return { endpoint, handler: handler as InternalRoute<C>['handler'] };
}

export const INTERNAL_PATH_PREFIX = '/internal/';

export interface ServiceDefinition<S extends ServiceName, C extends BaseConfig = BaseConfig> {
  name: S;
  /** the service's configuration schema (extends BaseConfig); BaseConfig when absent */
  config?: z.ZodType<C>;
  migrations: MigrationClass[];
  entities?: EntityClass[];
  handlers: HandlersOf<S, ServiceContext<C>>;
  /** events this service consumes, by type */
  consumers?: ConsumersOf<C>;
  /**
   * Batch forms of some consumers, by type (each also in `consumers`): events of the type that arrive together
   * are applied with one call in one transaction (bulk imports announce thousands). Database work only: see
   * ConsumersOptions.batchHandlers.
   */
  batchConsumers?: BatchConsumersOf<C>;
  /** runs once the database is migrated, before the service listens (seed data, caches, background work) */
  onStart?: (ctx: ServiceContext<C>) => Promise<void>;
  /** runs when the service stops, after it stopped listening and before its database closes (background work) */
  onStop?: (ctx: ServiceContext<C>) => Promise<void>;
  /**
   * The service that knows the sessions (identity) supplies the revoked ones: it checks tokens against this
   * feed directly and serves it to the others at GET /internal/session-revocations?after=N. Every other
   * service polls that endpoint at IDENTITY_URL.
   */
  revocationFeed?: (ctx: ServiceContext<C>) => RevocationFeed;
  /** service-to-service endpoints under /internal/ (see InternalRoute) */
  internalRoutes?: readonly InternalRoute<C>[];
}

export function defineService<S extends ServiceName, C extends BaseConfig = BaseConfig>(def: ServiceDefinition<S, C>) {
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

export interface RunningService<C extends BaseConfig = BaseConfig> {
  ctx: ServiceContext<C>;
  app: express.Express;
  server: Server;
  url: string;
  port: number;
  /** the service's own revocation feed, when it supplies one (identity) */
  revocationFeed?: RevocationFeed;
  stop(): Promise<void>;
}

/**
 * Checks what types cannot: every consumer key is a declared event type, every batch consumer has a
 * per-event consumer, and every internal route is under /internal/. Throws before anything starts.
 */
export function checkDefinition(def: {
  name: string;
  consumers?: object;
  batchConsumers?: object;
  internalRoutes?: readonly { endpoint: EndpointDef }[];
}): void {
  for (const { endpoint } of def.internalRoutes ?? []) {
    if (!endpoint.path.startsWith(INTERNAL_PATH_PREFIX))
      throw new Error(`${def.name}: the internal route ${endpoint.id} must be under ${INTERNAL_PATH_PREFIX}`);
  }
  for (const type of [...Object.keys(def.consumers ?? {}), ...Object.keys(def.batchConsumers ?? {})]) {
    if (!isEventType(type)) throw new Error(`${def.name}: consumer of unknown event type "${type}"`);
  }
  for (const type of Object.keys(def.batchConsumers ?? {})) {
    if (!(def.consumers as Record<string, unknown> | undefined)?.[type])
      throw new Error(`${def.name}: the batch consumer of ${type} has no per-event consumer`);
  }
}

/** The `emit` of one transaction; `onEmit` is told when anything was written to the outbox. */
function emitterFor(manager: EntityManager, producer: ServiceName, onEmit: () => void): Emit {
  return Object.assign(
    async (eventDef: EventDef, aggregateId: string, payload: unknown) => {
      onEmit();
      return enqueueEvent(manager, producer, eventDef, aggregateId, payload);
    },
    {
      async many(eventDef: EventDef, items: readonly EventItem[]) {
        if (items.length) onEmit();
        return enqueueEvents(manager, producer, eventDef, items);
      },
    },
  );
}

/** Builds the express app of a service (tests can use it without listening). */
export function buildApp<C extends BaseConfig>(
  def: ServiceDefinition<ServiceName, C>,
  ctx: ServiceContext<C>,
  ready: Record<string, () => Promise<void>>,
  revocationFeed?: RevocationFeed,
  metrics?: ServiceMetrics,
) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.TRUST_PROXY);
  app.use(requestContextMiddleware(ctx.logger));
  // JSON and CSV answers over 1 KB gzipped for clients that accept it (a page of 50 orders: ~60 KB → ~8 KB);
  // images are not compressible and pass as they are, answers already encoded (sendBuiltJson) too
  app.use(compression({ threshold: 1024 }));
  if (metrics) {
    app.use(metrics.http);
    // for Prometheus inside the network: the gateway never routes /metrics (docs/runbook.md)
    app.get('/metrics', metricsRoute(metrics.registry));
  }
  app.use(healthRouter(ready));
  if (revocationFeed) app.get(SESSION_REVOCATIONS_PATH, revocationFeedRoute(revocationFeed));
  const internal = def.internalRoutes ?? [];
  if (internal.length)
    app.use(
      contractRouter({
        endpoints: Object.fromEntries(internal.map((route) => [route.endpoint.id, route.endpoint])),
        handlers: Object.fromEntries(internal.map((route) => [route.endpoint.id, route.handler])),
        context: ctx,
        verifier: ctx.verifier,
        logger: ctx.logger,
        checkResponses: ctx.config.NODE_ENV !== 'production',
      }),
    );
  app.use(
    contractRouter({
      endpoints: endpointsByService[def.name],
      handlers: def.handlers as never,
      context: ctx,
      verifier: ctx.verifier,
      logger: ctx.logger,
      checkResponses: ctx.config.NODE_ENV !== 'production',
    }),
  );
  app.use((req, _res, next) => next(new HttpError(404, `No such endpoint: ${req.method} ${req.path}`)));
  app.use(databaseUnavailableAs503(ctx.logger));
  app.use(errorHandler(ctx.logger));
  return app;
}

/**
 * A request that failed because the database cannot be reached (restarting, failing over) answers 503 with a
 * `detail` and Retry-After, not 500: nothing was wrong with it, and it can be sent again shortly.
 */
function databaseUnavailableAs503(logger: Logger): express.ErrorRequestHandler {
  return (err, req, _res, next) => {
    if (!isDatabaseUnavailable(err)) return next(err);
    logger.warn({ method: req.method, path: req.path, err: (err as Error).message }, 'database unavailable');
    next(new HttpError(503, DATABASE_UNAVAILABLE_DETAIL, { retry_after: 2 }));
  };
}

/** GET /internal/session-revocations?after=N: the feed, for the other services and the gateway (never routed by the gateway). */
function revocationFeedRoute(feed: RevocationFeed): express.RequestHandler {
  return async (req, res, next) => {
    setRouteLabel(res, 'internal.sessionRevocations');
    try {
      const query = SessionRevocationsQuery.safeParse(req.query);
      if (!query.success) throw validationError(query.error);
      res.setHeader('Cache-Control', 'no-store');
      res.json(await feed(query.data.after));
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Starts a service: config checked, database provisioned and migrated, outbox relay and consumers running,
 * HTTP listening. `stop()` shuts it down gracefully in the reverse order.
 */
export async function startService<C extends BaseConfig>(
  def: ServiceDefinition<ServiceName, C>,
  env: NodeJS.ProcessEnv = process.env,
  deps: ServiceDeps = {},
): Promise<RunningService<C>> {
  checkDefinition(def);
  const config = loadConfig((def.config ?? BaseConfig) as z.ZodType<C>, env);
  if (def.name !== 'identity' && !config.IDENTITY_URL)
    throw new ConfigError(["IDENTITY_URL: required (identity's base URL, e.g. http://identity:3000)"]);
  if (!def.revocationFeed && !config.IDENTITY_URL && !deps.revocations)
    throw new Error(`${def.name}: no source of revoked sessions (a revocationFeed, IDENTITY_URL or deps.revocations)`);
  const logger = deps.logger ?? createLogger(def.name, config.LOG_LEVEL);
  const db = await openDatabase({
    url: config.DATABASE_URL,
    adminUrl: config.DATABASE_ADMIN_URL,
    schema: def.name,
    migrations: def.migrations,
    entities: def.entities,
    logger,
    migrate: config.DB_MIGRATE_ON_START,
  });
  const transport =
    deps.transport ??
    (config.AMQP_URL ? createAmqpTransport({ url: config.AMQP_URL, logger }) : createInProcessTransport({ logger }));
  const ownsTransport = !deps.transport;
  const relay = new OutboxRelay({ dataSource: db, transport, logger, ...outboxRelaySettings(config) });
  // the feed of a service that supplies one is built from its context, which needs the list: bound late
  let ownFeed: RevocationFeed | undefined;
  const revocations =
    deps.revocations ??
    new SessionRevocations({
      feed: def.revocationFeed
        ? (after) => (ownFeed ? ownFeed(after) : Promise.reject(new Error('the revocation feed is not built yet')))
        : httpRevocationFeed(config.IDENTITY_URL as string),
      logger: logger.child({ component: 'sessions' }),
      intervalMs: config.SESSION_SYNC_INTERVAL_MS,
    });
  const ownsRevocations = !deps.revocations;
  const ctx: ServiceContext<C> = {
    name: def.name,
    config,
    logger,
    db,
    objects: deps.objects ?? objectStoreFromEnv(env),
    mailer: deps.mailer ?? mailerFromEnv(env, logger),
    verifier: createTokenVerifier({
      publicKey: config.JWT_PUBLIC_KEY,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      revocations,
    }),
    sessions: revocations,
    async transaction(work) {
      let emitted = false;
      const result = await db.transaction(async (manager) =>
        work(
          manager,
          emitterFor(manager, def.name, () => {
            emitted = true;
          }),
        ),
      );
      if (emitted) relay.kick();
      return result;
    },
  };
  ownFeed = def.revocationFeed?.(ctx);
  // what a start that fails half-way must give back, so the process can exit
  const release = async () => {
    await def.onStop?.(ctx).catch(() => undefined);
    if (ownsRevocations) revocations.stop();
    await relay.stop().catch(() => undefined);
    if (ownsTransport) await transport.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
  };
  try {
    await ctx.objects.ready();
    if (def.onStart) await def.onStart(ctx);
    relay.start();
    // the first sync is tried now; until one succeeds, signed-in requests answer 503 (see SessionRevocations)
    if (ownsRevocations) await revocations.start();
    if (def.consumers && Object.keys(def.consumers).length) {
      // a consumer's emit writes to the outbox in the consumer's transaction; the relay is woken once it commits
      const consumerContext = (manager: EntityManager) => {
        let emitted = false;
        const committed: (() => void)[] = [];
        const emit = emitterFor(manager, def.name, () => {
          emitted = true;
        });
        const after = () =>
          emitted || committed.length
            ? () => {
                if (emitted) relay.kick();
                for (const work of committed) work();
              }
            : undefined;
        const afterCommit = (work: () => void) => {
          committed.push(work);
        };
        return { ctx: { ...ctx, manager, emit, afterCommit } as ConsumerContext<C>, after };
      };
      type AnyConsumer = (event: unknown, ctx: ConsumerContext<C>) => Promise<void>;
      const handlers: Record<string, EventHandler> = {};
      for (const [type, handle] of Object.entries(def.consumers as Record<string, AnyConsumer>))
        handlers[type] = async (envelope, manager) => {
          const c = consumerContext(manager);
          await handle(envelope, c.ctx);
          return c.after();
        };
      // one wrapper per function: types with the same batch consumer share its batches
      const wrapped = new Map<unknown, BatchEventHandler>();
      const batchHandlers: Record<string, BatchEventHandler> = {};
      for (const [type, handle] of Object.entries((def.batchConsumers ?? {}) as Record<string, AnyConsumer>)) {
        if (!wrapped.has(handle))
          wrapped.set(handle, async (envelopes, manager) => {
            const c = consumerContext(manager);
            await handle(envelopes, c.ctx);
            return c.after();
          });
        batchHandlers[type] = wrapped.get(handle)!;
      }
      await startConsumers({
        service: def.name,
        dataSource: db,
        transport,
        handlers,
        batchHandlers,
        logger,
        maxAttempts: config.EVENT_MAX_ATTEMPTS,
        retryDelayMs: config.EVENT_RETRY_DELAY_MS,
        onCommitted: crashAfterCommitSeam(env),
      });
    }
  } catch (err) {
    await release();
    throw err;
  }

  const app = buildApp(
    def,
    ctx,
    {
      database: async () => {
        await db.query('SELECT 1');
      },
      // until the revoked sessions have been read once, signed-in calls answer 503: not ready for traffic
      sessions: async () => {
        if (!revocations.ready()) throw new Error('revoked sessions not read from identity yet');
      },
    },
    ownFeed,
    createServiceMetrics({
      service: def.name,
      db,
      transport,
      consumes: Boolean(def.consumers && Object.keys(def.consumers).length),
      logger,
    }),
  );
  let server: Server;
  try {
    server = await listen(app, config.PORT, config.HOST);
  } catch (err) {
    await release();
    throw err;
  }
  server.keepAliveTimeout = 65_000; // longer than the gateway's idle keep-alive sockets
  const port = (server.address() as AddressInfo).port;
  const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
  logger.info({ port }, `${def.name} service listening`);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('shutting down');
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => {
          server.closeAllConnections();
          resolve();
        }, 10_000).unref();
      });
      await def.onStop?.(ctx).catch((err: unknown) => logger.error({ err }, 'onStop failed'));
      if (ownsRevocations) revocations.stop();
      await relay.stop();
      if (ownsTransport) await transport.close();
      await db.destroy();
    })());

  return { ctx, app, server, url: `http://${host}:${port}`, port, revocationFeed: ownFeed, stop };
}

/**
 * Listens on `port`; rejects on a listen error (a taken port). Not `app.listen`: Express 5 calls its callback
 * with the error instead, which would look like success.
 */
function listen(app: express.Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(app);
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Provisions the service's schema and role (with DATABASE_ADMIN_URL) and runs its pending migrations, holding
 * the schema's advisory lock, then closes: the migration job of a release (docs/compose-and-kubernetes.md).
 * Answers the names of the migrations it ran.
 */
export async function migrateService<C extends BaseConfig>(
  def: ServiceDefinition<ServiceName, C>,
  env: NodeJS.ProcessEnv = process.env,
  deps: Pick<ServiceDeps, 'logger'> = {},
): Promise<string[]> {
  const config = loadConfig((def.config ?? BaseConfig) as z.ZodType<C>, env);
  const logger = deps.logger ?? createLogger(def.name, config.LOG_LEVEL);
  const db = await openDatabase({
    url: config.DATABASE_URL,
    adminUrl: config.DATABASE_ADMIN_URL,
    schema: def.name,
    migrations: def.migrations,
    entities: def.entities,
    logger,
    migrate: true,
  });
  try {
    const ran: { name: string }[] = await db.query(`SELECT name FROM "${def.name}_migrations" ORDER BY id`);
    logger.info({ migrations: ran.length }, `${def.name} schema is up to date`);
    return ran.map((m) => m.name);
  } finally {
    await db.destroy();
  }
}

/** Whether this process is the migration job: `--migrate-only` on the command line or MIGRATE_ONLY=true. */
export function isMigrateOnly(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): boolean {
  return argv.includes('--migrate-only') || env.MIGRATE_ONLY === 'true';
}

/**
 * The body of a service's main.ts: start from the environment, stop on SIGTERM/SIGINT, exit 1 on a bad start.
 * With `--migrate-only` (or MIGRATE_ONLY=true) it migrates the schema and exits 0 instead (1 on failure).
 */
export function runMain<C extends BaseConfig>(def: ServiceDefinition<ServiceName, C>): void {
  if (isMigrateOnly()) {
    const logger = createLogger(def.name);
    migrateService(def).then(
      () => process.exit(0),
      (err: unknown) => {
        logger.fatal({ err: err instanceof Error ? err.message : err }, 'migration failed');
        process.exit(1);
      },
    );
    return;
  }
  runProcess(def.name, () => startService(def));
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type EventDef, endpointsByService, type ServiceName } from '@portal/contracts';
import express from 'express';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import { createTokenVerifier, type TokenVerifier } from './auth';
import { BaseConfig, loadConfig } from './config';
import { type EntityClass, type MigrationClass, openDatabase } from './db';
import {
  type BatchEventHandler,
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
import { errorHandler } from './http/error-handler';
import { HttpError } from './http/errors';
import type { HandlersOf } from './http/handler';
import { healthRouter } from './http/health';
import { requestContextMiddleware } from './http/request-context';
import { createLogger } from './log/logger';
import { type Mailer, mailerFromEnv } from './mail';
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
  /** runs `work` in one transaction; events it emits are published once it commits */
  transaction<T>(work: (manager: EntityManager, emit: Emit) => Promise<T>): Promise<T>;
}

export interface ServiceDefinition<S extends ServiceName, C extends BaseConfig = BaseConfig> {
  name: S;
  /** the service's configuration schema (extends BaseConfig); BaseConfig when absent */
  config?: z.ZodType<C>;
  migrations: MigrationClass[];
  entities?: EntityClass[];
  handlers: HandlersOf<S, ServiceContext<C>>;
  /** events of other services this one consumes, by type */
  consumers?: Record<
    string,
    (envelope: Parameters<EventHandler>[0], manager: EntityManager, ctx: ServiceContext<C>) => Promise<void>
  >;
  /**
   * Batch forms of some consumers, by type (each also in `consumers`): events of the type that arrive together
   * are applied with one call in one transaction (bulk imports announce thousands). Database work only: see
   * ConsumersOptions.batchHandlers.
   */
  batchConsumers?: Record<
    string,
    (envelopes: Parameters<EventHandler>[0][], manager: EntityManager, ctx: ServiceContext<C>) => Promise<void>
  >;
  /** runs once the database is migrated, before the service listens (seed data, caches) */
  onStart?: (ctx: ServiceContext<C>) => Promise<void>;
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
}

export interface RunningService<C extends BaseConfig = BaseConfig> {
  ctx: ServiceContext<C>;
  app: express.Express;
  server: Server;
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Builds the express app of a service (tests can use it without listening). */
export function buildApp<C extends BaseConfig>(
  def: ServiceDefinition<ServiceName, C>,
  ctx: ServiceContext<C>,
  ready: Record<string, () => Promise<void>>,
) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(requestContextMiddleware(ctx.logger));
  app.use(healthRouter(ready));
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
  app.use(errorHandler(ctx.logger));
  return app;
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
  const config = loadConfig((def.config ?? BaseConfig) as z.ZodType<C>, env);
  const logger = deps.logger ?? createLogger(def.name, config.LOG_LEVEL);
  const db = await openDatabase({
    url: config.DATABASE_URL,
    adminUrl: config.DATABASE_ADMIN_URL,
    schema: def.name,
    migrations: def.migrations,
    entities: def.entities,
    logger,
  });
  const transport =
    deps.transport ??
    (config.AMQP_URL ? createAmqpTransport({ url: config.AMQP_URL, logger }) : createInProcessTransport({ logger }));
  const ownsTransport = !deps.transport;
  const relay = new OutboxRelay({ dataSource: db, transport, logger, ...outboxRelaySettings(config) });
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
    }),
    async transaction(work) {
      let emitted = false;
      const result = await db.transaction(async (manager) => {
        const emit: Emit = Object.assign(
          async (eventDef: EventDef, aggregateId: string, payload: unknown) => {
            emitted = true;
            return enqueueEvent(manager, def.name, eventDef, aggregateId, payload);
          },
          {
            async many(eventDef: EventDef, items: readonly EventItem[]) {
              if (items.length) emitted = true;
              return enqueueEvents(manager, def.name, eventDef, items);
            },
          },
        );
        return work(manager, emit);
      });
      if (emitted) relay.kick();
      return result;
    },
  };
  // what a start that fails half-way must give back, so the process can exit
  const release = async () => {
    await relay.stop().catch(() => undefined);
    if (ownsTransport) await transport.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
  };
  try {
    await ctx.objects.ready();
    if (def.onStart) await def.onStart(ctx);
    relay.start();
    if (def.consumers && Object.keys(def.consumers).length) {
      const consumers = def.consumers;
      const handlers: Record<string, EventHandler> = {};
      for (const [type, handle] of Object.entries(consumers))
        handlers[type] = (envelope, manager) => handle(envelope, manager, ctx);
      // one wrapper per function: types with the same batch consumer share its batches
      const wrapped = new Map<unknown, BatchEventHandler>();
      const batchHandlers: Record<string, BatchEventHandler> = {};
      for (const [type, handle] of Object.entries(def.batchConsumers ?? {})) {
        if (!wrapped.has(handle)) wrapped.set(handle, (envelopes, manager) => handle(envelopes, manager, ctx));
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
      });
    }
  } catch (err) {
    await release();
    throw err;
  }

  const app = buildApp(def, ctx, {
    database: async () => {
      await db.query('SELECT 1');
    },
  });
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
      await relay.stop();
      if (ownsTransport) await transport.close();
      await db.destroy();
    })());

  return { ctx, app, server, url: `http://${host}:${port}`, port, stop };
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

/** The body of a service's main.ts: start from the environment, stop on SIGTERM/SIGINT, exit 1 on a bad start. */
export function runMain<C extends BaseConfig>(def: ServiceDefinition<ServiceName, C>): void {
  startService(def).then(
    (running) => {
      const shutdown = (signal: string) => {
        running.ctx.logger.info({ signal }, 'signal received');
        running.stop().then(
          () => process.exit(0),
          (err) => {
            running.ctx.logger.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
    },
    (err) => {
      createLogger(def.name).fatal({ err: err instanceof Error ? err.message : err }, 'failed to start');
      process.exit(1);
    },
  );
}

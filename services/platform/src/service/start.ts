import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceName } from '@portal/contracts';
import type express from 'express';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { httpRevocationFeed, type RevocationFeed, SessionRevocations } from '../auth';
import { BaseConfig, ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db';
import {
  createAmqpTransport,
  createInProcessTransport,
  type EventTransport,
  OutboxRelay,
  outboxRelaySettings,
} from '../events';
import { createHttpServer } from '../http/http-server';
import { createLogger } from '../log/logger';
import { type Mailer, mailerFromEnv } from '../mail';
import { createServiceMetrics } from '../metrics';
import { objectStoreFromEnv } from '../storage';
import { buildApp } from './app';
import { startServiceConsumers } from './consumers';
import { serviceContext } from './context';
import {
  checkDefinition,
  consumedEventTypes,
  type RunningService,
  type ServiceContext,
  type ServiceDefinition,
  type ServiceDeps,
} from './definition';
import { httpSystemErrorSink, type SystemErrorReporter, systemErrorReporter, watchOutbox } from './system-errors';

/** What a started service holds, and whether it owns (so must close) the parts it may have been handed. */
interface Parts<C extends BaseConfig, D> {
  def: ServiceDefinition<ServiceName, C, D>;
  env: NodeJS.ProcessEnv;
  ctx: ServiceContext<C, D>;
  db: DataSource;
  transport: EventTransport;
  ownsTransport: boolean;
  relay: OutboxRelay;
  revocations: SessionRevocations;
  ownsRevocations: boolean;
  ownFeed?: RevocationFeed;
  /** onStop is run only for a service whose dependencies were built (it may stop their background work) */
  depsBuilt: boolean;
  /** dead letters, a stuck outbox: told to identity (see system-errors.ts) */
  systemErrors: SystemErrorReporter;
  outboxWatch?: { stop(): Promise<void> };
}

/** The service's configuration, refused when it names no source of revoked sessions. */
function serviceConfig<C extends BaseConfig>(
  def: ServiceDefinition<ServiceName, C, unknown>,
  env: NodeJS.ProcessEnv,
  deps: ServiceDeps,
): C {
  const config = loadConfig((def.config ?? BaseConfig) as z.ZodType<C>, env);
  if (def.name !== 'identity' && !config.IDENTITY_URL)
    throw new ConfigError(["IDENTITY_URL: required (identity's base URL, e.g. http://identity:3000)"]);
  if (!def.revocationFeed && !config.IDENTITY_URL && !deps.revocations)
    throw new Error(`${def.name}: no source of revoked sessions (a revocationFeed, IDENTITY_URL or deps.revocations)`);
  return config;
}

/** Builds the parts of a service whose database is open: transport, relay, revoked sessions and context. */
function assemble<C extends BaseConfig, D>(
  def: ServiceDefinition<ServiceName, C, D>,
  config: C,
  env: NodeJS.ProcessEnv,
  deps: ServiceDeps,
  logger: Logger,
  db: DataSource,
): Parts<C, D> {
  const transport =
    deps.transport ??
    (config.AMQP_URL ? createAmqpTransport({ url: config.AMQP_URL, logger }) : createInProcessTransport({ logger }));
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
  const mailer: Mailer = deps.mailer ?? mailerFromEnv(env, logger);
  const objects = deps.objects ?? objectStoreFromEnv(env);
  const ctx = serviceContext<C, D>({ name: def.name, config, logger, db, objects, mailer, revocations, relay });
  ownFeed = def.revocationFeed?.(ctx);
  const owns = { ownsTransport: !deps.transport, ownsRevocations: !deps.revocations };
  // identity's own sink is built from its context when first used (its dependencies do not exist yet)
  const ownSink = def.systemErrorSink;
  const systemErrors = systemErrorReporter({
    service: def.name,
    logger,
    sink: ownSink
      ? (report) => ownSink(ctx)(report)
      : config.IDENTITY_URL
        ? httpSystemErrorSink(config.IDENTITY_URL)
        : async () => logger.warn('no IDENTITY_URL: a system error is logged only'),
  });
  return { def, env, ctx, db, transport, relay, revocations, ownFeed, depsBuilt: false, systemErrors, ...owns };
}

/** Everything before listening: object store ready, dependencies built, onStart, relay, sessions, consumers. */
async function startWork<C extends BaseConfig, D>(parts: Parts<C, D>): Promise<void> {
  const { def, ctx } = parts;
  await ctx.objects.ready();
  if (def.dependencies) ctx.deps = await def.dependencies(ctx as ServiceContext<C>);
  parts.depsBuilt = true;
  if (def.onStart) await def.onStart(ctx);
  parts.relay.start();
  parts.outboxWatch = watchOutbox({ db: parts.db, reporter: parts.systemErrors, logger: ctx.logger });
  // the first sync is tried now; until one succeeds, signed-in requests answer 503 (see SessionRevocations)
  if (parts.ownsRevocations) await parts.revocations.start();
  await startServiceConsumers({
    ...parts,
    onDeadLetter: ({ envelope }, reason) =>
      parts.systemErrors.report(
        'dead_letter',
        `${def.name} parked the event ${String(envelope?.type)} ${String(envelope?.id)} in its dead letters: ${reason}`,
      ),
  });
}

/**
 * Stops what `parts` started, in the reverse order. A `tolerant` shutdown (a start that failed half-way)
 * ignores every failure, so the process can exit; otherwise only onStop's failure is logged and passed over.
 */
async function shutDown<C extends BaseConfig, D>(parts: Parts<C, D>, tolerant: boolean): Promise<void> {
  const { def, ctx } = parts;
  const settle = (work: Promise<void>) => (tolerant ? work.catch(() => undefined) : work);
  if (parts.depsBuilt && def.onStop)
    await def.onStop(ctx).catch((err: unknown) => {
      if (!tolerant) ctx.logger.error({ err }, 'onStop failed');
    });
  if (parts.ownsRevocations) parts.revocations.stop();
  await settle(parts.outboxWatch?.stop() ?? Promise.resolve());
  await settle(parts.relay.stop());
  await parts.systemErrors.settled();
  if (parts.ownsTransport) await settle(parts.transport.close());
  await settle(parts.db.destroy());
}

/** The service's app: health (database reachable, revoked sessions read), metrics, its endpoints. */
function appOf<C extends BaseConfig, D>(parts: Parts<C, D>): express.Express {
  const { def, ctx, db, revocations } = parts;
  const ready = {
    database: async () => {
      await db.query('SELECT 1');
    },
    // until the revoked sessions have been read once, signed-in calls answer 503: not ready for traffic
    sessions: async () => {
      if (!revocations.ready()) throw new Error('revoked sessions not read from identity yet');
    },
  };
  const consumes = consumedEventTypes(def).length > 0;
  const metrics = createServiceMetrics({
    service: def.name,
    db,
    transport: parts.transport,
    consumes,
    logger: ctx.logger,
  });
  return buildApp(def, ctx, ready, parts.ownFeed, metrics);
}

/** Stops listening (idle connections at once, busy ones after 10 s at most), then shuts the service down. */
function stopper<C extends BaseConfig, D>(parts: Parts<C, D>, server: Server): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      parts.ctx.logger.info('shutting down');
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => {
          server.closeAllConnections();
          resolve();
        }, 10_000).unref();
      });
      await shutDown(parts, false);
    })());
}

/**
 * Starts a service: config checked, database provisioned and migrated, dependencies built, outbox relay and
 * consumers running, HTTP listening. `stop()` shuts it down gracefully in the reverse order.
 */
export async function startService<C extends BaseConfig, D>(
  def: ServiceDefinition<ServiceName, C, D>,
  env: NodeJS.ProcessEnv = process.env,
  deps: ServiceDeps = {},
): Promise<RunningService<C, D>> {
  checkDefinition(def);
  const config = serviceConfig(def as ServiceDefinition<ServiceName, C, unknown>, env, deps);
  const logger = deps.logger ?? createLogger(def.name, config.LOG_LEVEL);
  const db = await openServiceDatabase(def, config, logger, config.DB_MIGRATE_ON_START);
  const parts = assemble(def, config, env, deps, logger, db);
  let app: express.Express;
  let server: Server;
  try {
    await startWork(parts);
    app = appOf(parts);
    server = await listen(app, config.PORT, config.HOST);
  } catch (err) {
    await shutDown(parts, true);
    throw err;
  }
  server.keepAliveTimeout = 65_000; // longer than the gateway's idle keep-alive sockets
  const port = (server.address() as AddressInfo).port;
  const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
  logger.info({ port }, `${def.name} service listening`);
  const { ctx, ownFeed } = parts;
  return {
    ctx,
    app,
    server,
    url: `http://${host}:${port}`,
    port,
    revocationFeed: ownFeed,
    stop: stopper(parts, server),
  };
}

/**
 * Listens on `port`; rejects on a listen error (a taken port). Not `app.listen`: Express 5 calls its callback
 * with the error instead, which would look like success.
 */
function listen(app: express.Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createHttpServer(app);
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** The service's own schema, provisioned and (when `migrate`) migrated: the start's and the migration job's. */
export function openServiceDatabase<C extends BaseConfig, D>(
  def: ServiceDefinition<ServiceName, C, D>,
  config: C,
  logger: Logger,
  migrate: boolean,
) {
  return openDatabase({
    url: config.DATABASE_URL,
    adminUrl: config.DATABASE_ADMIN_URL,
    schema: def.name,
    migrations: def.migrations,
    entities: def.entities,
    appendOnlyTables: def.appendOnlyTables,
    logger,
    migrate,
  });
}

/**
 * One harness for every service's tests: a service (or several) started as in production — real PostgreSQL
 * (a fresh database per call), port 0, generated ES256 keys, silent logs — plus tokens signed with the
 * test keys, an HTTP client and `eventually`.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Role, ServiceName } from '@portal/contracts';
import request from 'supertest';
import { type AuthUser, createTokenSigner, generateTokenKeys } from '../auth';
import { SessionRevocations, staticRevocationFeed } from '../auth/session-revocations';
import type { BaseConfig } from '../config';
import { createInProcessTransport, type InProcessTransport } from '../events';
import { createLogger } from '../log/logger';
import { type RunningService, type ServiceDefinition, type ServiceDeps, startService } from '../service';
import { createTestDatabase, type TestDatabase } from './test-database';

type Env = Record<string, string | undefined>;
// biome-ignore lint/suspicious/noExplicitAny: a harness starts services of every definition type
type AnyDefinition = ServiceDefinition<ServiceName, any, any>;
type ConfigOf<D> = D extends ServiceDefinition<ServiceName, infer C, infer _Deps> ? C : BaseConfig;
type DepsOf<D> = D extends ServiceDefinition<ServiceName, infer _Config, infer Deps> ? Deps : unknown;

/** Who a test token is for: only the role is required; the rest have stable defaults. */
export interface TestUser {
  role: Role;
  /** user id; default a fixed UUID per role */
  sub?: string;
  email?: string;
  name?: string;
  /** default 'dealer-1' for the dealer role, null otherwise */
  dealerId?: string | null;
  /** session id; default a fresh random one (never revoked) */
  sid?: string;
}

export interface TestServiceOptions {
  /** names the test database, e.g. 'dealer_notes' */
  prefix: string;
  /** service-specific variables (ADMIN_EMAIL, SETTINGS_ENCRYPTION_KEY, ...), over the harness defaults */
  env?: Env;
  deps?: ServiceDeps;
}

export interface TestService<C extends BaseConfig = BaseConfig, Deps = unknown> {
  service: RunningService<C, Deps>;
  db: TestDatabase;
  /** an HTTP client of the service (supertest, no socket needed) */
  http(): ReturnType<typeof request>;
  /** a token signed with the test keys, as identity signs them (the user need not exist) */
  tokenFor(user: TestUser): string;
  /** the environment the service was started with (to start another instance like it) */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

const TOKEN = { issuer: 'dealer-portal', audience: 'dealer-portal-api' };

/** A revoked-session list that is ready at once and fed in memory; `revoke(sid)` takes effect when it resolves. */
export interface TestRevocations extends SessionRevocations {
  revoke(sid: string): Promise<void>;
}

/**
 * For a service started without identity (or with identity "down" on purpose): pass it as
 * `deps.revocations`, so signed-in calls work, and revoke sessions by hand.
 */
export async function testRevocations(): Promise<TestRevocations> {
  const feed = staticRevocationFeed();
  const list = new SessionRevocations({ feed, logger: createLogger('test', 'silent'), intervalMs: 60_000 });
  await list.start();
  return Object.assign(list, {
    async revoke(sid: string) {
      feed.revoke(sid);
      await list.sync();
    },
  });
}

/** A token signer for the test keys, and the defaults of TestUser. */
function testTokens(privateKey: string): (user: TestUser) => string {
  const signer = createTokenSigner({ privateKey, ...TOKEN, ttlSeconds: 600 });
  return (user) => {
    const full: AuthUser = {
      sub: user.sub ?? `00000000-0000-4000-8000-${String(user.role.length).padStart(12, '0')}`,
      email: user.email ?? `${user.role}@example.com`,
      name: user.name ?? `A ${user.role}`,
      role: user.role,
      dealerId: user.dealerId !== undefined ? user.dealerId : user.role === 'dealer' ? 'dealer-1' : null,
      sid: user.sid ?? randomUUID(),
    };
    return signer.sign(full).token;
  };
}

/**
 * The definition with some of its dependencies replaced (a test clock): they are built as in production, then
 * `overrides` laid over them. Start it like the definition itself (startTestService, startService).
 */
export function withDependencies<D extends AnyDefinition>(def: D, overrides: Partial<DepsOf<D>>): D {
  const build = def.dependencies;
  return {
    ...def,
    dependencies: async (ctx: Parameters<NonNullable<D['dependencies']>>[0]) => ({
      ...(build ? await build(ctx) : {}),
      ...overrides,
    }),
  };
}

/** The environment every test service starts with; the caller's `env` goes over it. */
function baseEnv(db: TestDatabase, keys: { privateKey: string; publicKey: string }): Env {
  return {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: db.url,
    JWT_PUBLIC_KEY: keys.publicKey,
    JWT_PRIVATE_KEY: keys.privateKey,
    OBJECTS_DIR: `/tmp/${db.name}/objects`,
    MAIL_OUTBOX_DIR: `/tmp/${db.name}/mail`,
    EVENT_RETRY_DELAY_MS: '50',
    SESSION_SYNC_INTERVAL_MS: '200',
  };
}

/**
 * A service alone on a fresh database. A service other than identity gets a revocation list that is ready
 * and empty (no identity to poll) unless the caller passes IDENTITY_URL or `deps.revocations`; its
 * IDENTITY_URL then points at a closed port, so a call to identity fails as it would with identity down.
 */
export async function startTestService<D extends AnyDefinition>(
  def: D,
  opts: TestServiceOptions,
): Promise<TestService<ConfigOf<D>, DepsOf<D>>> {
  const keys = generateTokenKeys();
  const db = await createTestDatabase(opts.prefix);
  const env: Env = { ...baseEnv(db, keys), ...opts.env };
  const deps: ServiceDeps = { ...opts.deps };
  let ownRevocations: SessionRevocations | undefined;
  if (def.name !== 'identity' && !opts.env?.IDENTITY_URL && !deps.revocations) {
    env.IDENTITY_URL = 'http://127.0.0.1:9';
    ownRevocations = await testRevocations();
    deps.revocations = ownRevocations;
  }
  let service: RunningService<ConfigOf<D>, DepsOf<D>>;
  try {
    service = (await startService(def, env, deps)) as RunningService<ConfigOf<D>, DepsOf<D>>;
  } catch (err) {
    ownRevocations?.stop();
    await dropAll(db);
    throw err;
  }
  return {
    service,
    db,
    env,
    http: () => request(service.app),
    tokenFor: testTokens(keys.privateKey),
    async stop() {
      await service.stop();
      ownRevocations?.stop();
      await dropAll(db);
    },
  };
}

export interface TestServicesOptions {
  prefix: string;
  /** variables for every service, over the harness defaults */
  env?: Env;
  /** variables of one service (e.g. identity's ADMIN_EMAIL), over `env` */
  envOf?: Partial<Record<ServiceName, Env>>;
  deps?: Omit<ServiceDeps, 'transport'>;
}

export interface TestServices {
  db: TestDatabase;
  /** the bus between the services (publish an event as another service would) */
  transport: InProcessTransport;
  /** the running services by name (only those started) */
  services: Partial<Record<ServiceName, RunningService>>;
  /** a started service; throws for one that is not */
  service(name: ServiceName): RunningService;
  http(name: ServiceName): ReturnType<typeof request>;
  tokenFor(user: TestUser): string;
  /** signs in through identity's POST /api/auth/login and answers the access token (identity must run) */
  signIn(email: string, password: string): Promise<string>;
  /** the environment `name` was started with */
  envOf(name: ServiceName): NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/**
 * Several services as they run in production: one fresh database (a schema each), one event bus between
 * them, identity started first and every other service's IDENTITY_URL pointing at it (so they also poll its
 * session revocations). Without identity among them, each service gets a ready, empty revocation list.
 */
export async function startTestServices(
  defs: readonly AnyDefinition[],
  opts: TestServicesOptions,
): Promise<TestServices> {
  const keys = generateTokenKeys();
  const db = await createTestDatabase(opts.prefix);
  const logger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const transport = createInProcessTransport({ logger });
  const ordered = [...defs].sort((a, b) => Number(b.name === 'identity') - Number(a.name === 'identity'));
  const hasIdentity = ordered[0]?.name === 'identity';
  let ownRevocations: SessionRevocations | undefined;
  if (!hasIdentity && !opts.deps?.revocations) ownRevocations = await testRevocations();
  const services: Partial<Record<ServiceName, RunningService>> = {};
  const envs: Partial<Record<ServiceName, NodeJS.ProcessEnv>> = {};
  const started: RunningService[] = [];
  const stopAll = async () => {
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
    ownRevocations?.stop();
    await transport.close().catch(() => undefined);
    await dropAll(db);
  };
  try {
    for (const def of ordered) {
      const env: Env = {
        ...baseEnv(db, keys),
        IDENTITY_URL: services.identity?.url ?? (hasIdentity ? undefined : 'http://127.0.0.1:9'),
        ...opts.env,
        ...opts.envOf?.[def.name],
      };
      const deps: ServiceDeps = { logger, ...opts.deps, transport };
      if (ownRevocations) deps.revocations = ownRevocations;
      const running = await startService(def, env, deps);
      started.push(running as RunningService);
      services[def.name] = running as RunningService;
      envs[def.name] = env;
    }
  } catch (err) {
    await stopAll();
    throw err;
  }
  const service = (name: ServiceName) => {
    const s = services[name];
    if (!s) throw new Error(`the ${name} service was not started by this test`);
    return s;
  };
  return {
    db,
    transport,
    services,
    service,
    http: (name) => request(service(name).app),
    tokenFor: testTokens(keys.privateKey),
    async signIn(email, password) {
      const res = await request(service('identity').app).post('/api/auth/login').send({ email, password });
      if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.access_token as string;
    },
    envOf: (name) => {
      const env = envs[name];
      if (!env) throw new Error(`the ${name} service was not started by this test`);
      return env;
    },
    stop: stopAll,
  };
}

async function dropAll(db: TestDatabase): Promise<void> {
  await db.drop();
  await rm(`/tmp/${db.name}`, { recursive: true, force: true });
}

/** Waits until `check` passes (events travel after commit); fails with the last error after `ms`. */
export async function eventually<T>(check: () => Promise<T> | T, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** The Authorization header of a bearer token, for supertest's `.set(...)`. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpointsByService, type ServiceName } from '@portal/contracts';
import {
  type AuthUser,
  createLogger,
  createTokenSigner,
  generateTokenKeys,
  type HandlersOf,
  notImplemented,
  type ServiceContext,
  SessionRevocations,
  staticRevocationFeed,
} from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every endpoint of `service` answers 501, except the test's own `real` handlers. */
export function handlersFor<S extends ServiceName>(
  service: S,
  real: Partial<HandlersOf<S, ServiceContext>>,
): HandlersOf<S, ServiceContext> {
  const handlers: Record<string, unknown> = {};
  for (const id of Object.keys(endpointsByService[service])) handlers[id] = notImplemented('the platform tests');
  return { ...handlers, ...real } as HandlersOf<S, ServiceContext>;
}

/** The one table the test handlers write: a row per handled call, so a refused call provably wrote nothing. */
export class Writes1763000000000 implements MigrationInterface {
  name = 'Writes1763000000000';
  async up(queryRunner: QueryRunner) {
    await queryRunner.query('CREATE TABLE writes (id serial PRIMARY KEY, endpoint text NOT NULL, data jsonb)');
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query('DROP TABLE writes');
  }
}

export async function recordWrite(ctx: ServiceContext, endpoint: string, data: unknown): Promise<void> {
  await ctx.db.query('INSERT INTO writes (endpoint, data) VALUES ($1, $2)', [endpoint, JSON.stringify(data)]);
}

export async function writeCount(ctx: ServiceContext, endpoint: string): Promise<number> {
  const [row] = await ctx.db.query('SELECT count(*)::int AS n FROM writes WHERE endpoint = $1', [endpoint]);
  return row.n;
}

/** A fresh database and data folder, the token keys, and the environment a service starts with. */
export interface TestEnvironment {
  db: TestDatabase;
  keys: { privateKey: string; publicKey: string };
  env: NodeJS.ProcessEnv;
  /** a revoked-session list that is ready; `revoke(sid)` revokes a session at its next sync */
  revocations: SessionRevocations;
  revoke(sid: string): Promise<void>;
  cleanUp(): Promise<void>;
}

export async function createTestEnvironment(prefix: string): Promise<TestEnvironment> {
  const db = await createTestDatabase(prefix);
  const dataDir = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
  const keys = generateTokenKeys();
  const feed = staticRevocationFeed();
  const revocations = new SessionRevocations({ feed, logger: createLogger('test', 'silent'), intervalMs: 60_000 });
  await revocations.start();
  return {
    db,
    keys,
    revocations,
    async revoke(sid) {
      feed.revoke(sid);
      await revocations.sync();
    },
    env: {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATABASE_URL: db.url,
      JWT_PUBLIC_KEY: keys.publicKey,
      OBJECTS_DIR: path.join(dataDir, 'objects'),
      MAIL_OUTBOX_DIR: path.join(dataDir, 'mail'),
      // nothing listens there: the services get `revocations` instead of polling identity
      IDENTITY_URL: 'http://127.0.0.1:9',
    },
    async cleanUp() {
      revocations.stop();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const USERS = {
  admin: { sub: 'u-admin', email: 'admin@example.com', name: 'Admin', role: 'admin', dealerId: null, sid: 's-admin' },
  dealer: {
    sub: 'u-dealer',
    email: 'dealer@example.com',
    name: 'Dealer',
    role: 'dealer',
    dealerId: 'd-1',
    sid: 's-dealer',
  },
  delivery: {
    sub: 'u-delivery',
    email: 'driver@example.com',
    name: 'Driver',
    role: 'delivery',
    dealerId: null,
    sid: 's-delivery',
  },
} satisfies Record<string, AuthUser>;

/** `Authorization` header values for the test users, signed as identity signs them. */
export function bearerFor(privateKey: string) {
  const signer = createTokenSigner({
    privateKey,
    issuer: 'dealer-portal',
    audience: 'dealer-portal-api',
    ttlSeconds: 600,
  });
  return (user: AuthUser) => `Bearer ${signer.sign(user).token}`;
}

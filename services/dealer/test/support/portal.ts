/**
 * Starts the identity and dealer services as they run in production — real PostgreSQL (one fresh database,
 * a schema each), one event bus between them, the dealer service calling identity over HTTP — and signs
 * in the first admin.
 */
import type { AuthUser, RunningService } from '@portal/platform';
import {
  createInProcessTransport,
  createLogger,
  createTokenSigner,
  generateTokenKeys,
  startService,
} from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';
import request from 'supertest';
import { identityService } from '../../../identity/src/app';
import { dealerService } from '../../src/app';

export const ADMIN = { email: 'admin@example.com', password: 'correct horse battery' };

export interface TestPortal {
  db: TestDatabase;
  dealer: RunningService;
  identity: RunningService;
  adminToken: string;
  /** a token as identity would sign it (for roles no login exists for, e.g. delivery) */
  tokenFor(user: Partial<AuthUser> & Pick<AuthUser, 'role'>): string;
  /** the environment the dealer service was started with, to start another one */
  dealerEnv: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

export async function startPortal(name: string): Promise<TestPortal> {
  const db = await createTestDatabase(name);
  const keys = generateTokenKeys();
  const logger = createLogger('test', 'silent');
  const transport = createInProcessTransport({ logger });
  const common = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    JWT_PUBLIC_KEY: keys.publicKey,
    OBJECTS_DIR: `/tmp/${db.name}/objects`,
    MAIL_OUTBOX_DIR: `/tmp/${db.name}/mail`,
    EVENT_RETRY_DELAY_MS: '50',
  };
  const identity = await startService(
    identityService,
    { ...common, JWT_PRIVATE_KEY: keys.privateKey, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    { transport, logger },
  );
  const dealerEnv = { ...common, IDENTITY_URL: identity.url };
  const dealer = await startService(dealerService, dealerEnv, { transport, logger });
  const signedIn = await request(identity.app).post('/api/auth/login').send(ADMIN);
  const signer = createTokenSigner({
    privateKey: keys.privateKey,
    issuer: 'dealer-portal',
    audience: 'dealer-portal-api',
    ttlSeconds: 600,
  });
  return {
    db,
    dealer,
    identity,
    adminToken: signedIn.body.access_token,
    dealerEnv,
    tokenFor: (user) =>
      signer.sign({ sub: 'test-user', email: 'someone@example.com', name: 'Someone', dealerId: null, ...user }).token,
    async stop() {
      await dealer.stop();
      await identity.stop();
      await transport.close();
      await db.drop();
    },
  };
}

/** Waits until `check` passes (events travel after commit); fails with the last error after `ms`. */
export async function eventually(check: () => Promise<void>, ms = 5000): Promise<void> {
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

/** A complete create-dealer form; override what a test is about. */
export function dealerForm(overrides: Record<string, unknown> = {}) {
  const unique = Math.random().toString(36).slice(2, 8);
  return {
    business_name: `Ridge Blinds ${unique}`,
    full_name: 'Jane Ridge',
    email: `jane.${unique}@example.com`,
    phone: '(555) 010-2000',
    address: '12 Oak Road',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    zone: 'Midwest Zone',
    ...overrides,
  };
}

/**
 * The identity and dealer services as they run in production — real PostgreSQL (one fresh database, a schema
 * each), one event bus between them, the dealer service calling identity over HTTP — through the platform's
 * test harness, with the first admin signed in. Identity is used as a package, never by its source.
 */
import { identityService } from '@portal/identity';
import type { RunningService } from '@portal/platform';
import { startTestServices, type TestDatabase, type TestServices, type TestUser } from '@portal/platform/testing';
import { dealerService } from '../../src/app';

export { eventually } from '@portal/platform/testing';

export const ADMIN = { email: 'admin@example.com', password: 'correct horse battery' };

export interface TestPortal {
  db: TestDatabase;
  dealer: RunningService;
  identity: RunningService;
  adminToken: string;
  /** a token as identity would sign it (for roles no login exists for, e.g. delivery) */
  tokenFor(user: TestUser): string;
  /** the environment the dealer service was started with, to start another one */
  dealerEnv: NodeJS.ProcessEnv;
  services: TestServices;
  stop(): Promise<void>;
}

export async function startPortal(prefix: string): Promise<TestPortal> {
  const services = await startTestServices([identityService, dealerService], {
    prefix,
    envOf: { identity: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } },
  });
  return {
    db: services.db,
    dealer: services.service('dealer'),
    identity: services.service('identity'),
    adminToken: await services.signIn(ADMIN.email, ADMIN.password),
    tokenFor: services.tokenFor,
    dealerEnv: services.envOf('dealer'),
    services,
    stop: services.stop,
  };
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

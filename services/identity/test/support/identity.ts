import type { Role } from '@portal/contracts';
import type { RunningService, ServiceDeps } from '@portal/platform';
import { startTestService, type TestDatabase, withDependencies } from '@portal/platform/testing';
import type request from 'supertest';
import { identityService } from '../../src/app';
import type { IdentityConfig } from '../../src/config';
import { insertUser, type UserRecord } from '../../src/data/users';
import type { IdentityDeps } from '../../src/dependencies';
import { hashPassword } from '../../src/domain/passwords';

export { bearer, eventually } from '@portal/platform/testing';

/** identity's mail pointed at a test SMTP receiver (plain SMTP on its port), with links to a public address. */
export const testMailEnv = (smtp: { port: number }) => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtp.port),
  SMTP_SECURE: 'false',
  MAIL_FROM: 'Portal <portal@example.com>',
  PUBLIC_BASE_URL: 'https://portal.example.com',
});

export const FIRST_ADMIN = { email: 'owner@example.com', password: 'correct horse battery' };

/** 32 random-looking bytes as 64 hex digits, the form SETTINGS_ENCRYPTION_KEY takes. */
export const TEST_ENCRYPTION_KEY = 'a3f1c2d4e5b6978812345678abcdef0011223344556677889900aabbccddeeff';

export interface TestIdentity {
  service: RunningService<IdentityConfig, IdentityDeps>;
  db: TestDatabase;
  /** the environment it was started with (JWT_PUBLIC_KEY, to verify its tokens) */
  env: NodeJS.ProcessEnv;
  /** an HTTP client of the service (supertest) */
  http(): ReturnType<typeof request>;
  /** signs in through POST /api/auth/login and answers the bearer token */
  signIn(email: string, password: string): Promise<string>;
  /** a user stored directly (a dealer login, a delivery user) */
  addUser(user: {
    email: string;
    password: string;
    role: Role;
    fullName?: string;
    dealerId?: string;
  }): Promise<UserRecord>;
  /** a token signed with the service's key for a user that need not exist (role checks) */
  tokenFor(role: Role): string;
  /** the stored user of an email, or null */
  userByEmail(email: string): Promise<UserRecord | null>;
  stop(): Promise<void>;
}

/**
 * Identity on a fresh database of the real PostgreSQL through the platform's test harness, with the first
 * admin and a settings encryption key. Revocations are synced every 200 ms (the harness's default).
 */
export async function startIdentity(
  prefix: string,
  env: Record<string, string | undefined> = {},
  deps: ServiceDeps = {},
  /** dependencies to replace (a test clock), over those identity builds */
  overrides: Partial<IdentityDeps> = {},
): Promise<TestIdentity> {
  const started = await startTestService(withDependencies(identityService, overrides), {
    prefix,
    env: {
      ADMIN_EMAIL: FIRST_ADMIN.email,
      ADMIN_PASSWORD: FIRST_ADMIN.password,
      SETTINGS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      ...env,
    },
    deps,
  });
  const { service, http } = started;
  return {
    service,
    db: started.db,
    env: started.env,
    http,
    async signIn(email, password) {
      const res = await http().post('/api/auth/login').send({ email, password });
      if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.access_token as string;
    },
    async addUser({ email, password, role, fullName = `A ${role}`, dealerId }) {
      const user = await insertUser(service.ctx.db.manager, {
        email,
        full_name: fullName,
        role,
        password_hash: await hashPassword(password),
        dealer_id: dealerId ?? null,
        created_by: 'test',
      });
      if (!user) throw new Error(`${email} already exists`);
      return user;
    },
    tokenFor(role) {
      return started.tokenFor({ role });
    },
    async userByEmail(email) {
      const rows: UserRecord[] = await service.ctx.db.query('SELECT * FROM users WHERE email = $1', [email]);
      return rows[0] ?? null;
    },
    stop: () => started.stop(),
  };
}

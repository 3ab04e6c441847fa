import type { Role } from '@portal/contracts';
import {
  createTokenSigner,
  generateTokenKeys,
  type RunningService,
  type ServiceDeps,
  startService,
} from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';
import request from 'supertest';
import { identityService } from '../../src/app';
import type { IdentityConfig } from '../../src/config';
import { User } from '../../src/data/user.entity';
import { hashPassword } from '../../src/domain/passwords';

export const FIRST_ADMIN = { email: 'owner@example.com', password: 'correct horse battery' };

/** 32 random-looking bytes as 64 hex digits, the form SETTINGS_ENCRYPTION_KEY takes. */
export const TEST_ENCRYPTION_KEY = 'a3f1c2d4e5b6978812345678abcdef0011223344556677889900aabbccddeeff';

export interface TestIdentity {
  service: RunningService<IdentityConfig>;
  db: TestDatabase;
  /** an HTTP client of the service (supertest) */
  http(): ReturnType<typeof request>;
  /** signs in through POST /api/auth/login and answers the bearer token */
  signIn(email: string, password: string): Promise<string>;
  /** a user stored directly (a dealer login, a delivery user) and a real token for it */
  addUser(user: { email: string; password: string; role: Role; fullName?: string; dealerId?: string }): Promise<User>;
  /** a token signed with the service's key for a user that need not exist (role checks) */
  tokenFor(role: Role): string;
  stop(): Promise<void>;
}

/** Identity on a fresh database of the real PostgreSQL, with generated ES256 keys and the first admin. */
export async function startIdentity(
  prefix: string,
  env: Record<string, string | undefined> = {},
  deps: ServiceDeps = {},
): Promise<TestIdentity> {
  const keys = generateTokenKeys();
  const db = await createTestDatabase(prefix);
  const service = await startService(
    identityService,
    {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      JWT_PUBLIC_KEY: keys.publicKey,
      JWT_PRIVATE_KEY: keys.privateKey,
      ADMIN_EMAIL: FIRST_ADMIN.email,
      ADMIN_PASSWORD: FIRST_ADMIN.password,
      SETTINGS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      OBJECTS_DIR: `/tmp/${db.name}/objects`,
      MAIL_OUTBOX_DIR: `/tmp/${db.name}/mail`,
      EVENT_RETRY_DELAY_MS: '50',
      ...env,
    },
    deps,
  ).catch(async (err: unknown) => {
    await db.drop();
    throw err;
  });
  const signer = createTokenSigner({
    privateKey: keys.privateKey,
    issuer: 'dealer-portal',
    audience: 'dealer-portal-api',
    ttlSeconds: 600,
  });
  const http = () => request(service.app);
  return {
    service,
    db,
    http,
    async signIn(email, password) {
      const res = await http().post('/api/auth/login').send({ email, password });
      if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.access_token as string;
    },
    async addUser({ email, password, role, fullName = `A ${role}`, dealerId }) {
      const users = service.ctx.db.getRepository(User);
      return users.save(
        users.create({
          email,
          fullName,
          role,
          passwordHash: await hashPassword(password),
          dealerId: dealerId ?? null,
          createdBy: 'test',
        }),
      );
    },
    tokenFor(role) {
      return signer.sign({
        sub: `00000000-0000-4000-8000-00000000000${role.length}`,
        email: `${role}@example.com`,
        name: `A ${role}`,
        role,
        dealerId: role === 'dealer' ? 'dealer-1' : null,
      }).token;
    },
    async stop() {
      await service.stop();
      await db.drop();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

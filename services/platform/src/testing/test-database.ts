/**
 * Test databases: every test file gets its own database on the real PostgreSQL
 * server, and the real RabbitMQ URL. Nothing here fakes a server.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export function testDatabaseAdminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function testAmqpUrl(): string {
  return process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
}

export interface TestDatabase {
  /** URL of the fresh database, as the server's superuser */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates a fresh, uniquely named database; `drop()` removes it (and ends its connections). */
export async function createTestDatabase(prefix = 'portal_test'): Promise<TestDatabase> {
  const adminUrl = testDatabaseAdminUrl();
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        // roles the portal made for this database (`<database>_<service>`) go with it
        const roles = await c.query<{ rolname: string }>(
          'SELECT rolname FROM pg_roles WHERE starts_with(rolname, $1)',
          [`${name}_`],
        );
        for (const { rolname } of roles.rows) await c.query(`DROP ROLE IF EXISTS "${rolname}"`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A unique name for queues, exchanges and the like, so parallel test files never share one. */
export function uniqueName(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}.${randomBytes(3).toString('hex')}`;
}

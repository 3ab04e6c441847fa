import { Client } from 'pg';
import { TRIGRAM_EXTENSION } from './search';

/** Quotes an SQL identifier (schema and role names such as "order" are reserved words). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Creates (or updates) the database role a service connects as and the schema it owns, so that the
 * role can touch nothing but its own schema. Run with a superuser/admin URL, idempotent and safe to run
 * from several processes at once.
 */
export async function provisionServiceDatabase(adminUrl: string, schema: string, role: string, password: string) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // One provisioning at a time per cluster: CREATE ROLE is not idempotent under concurrency.
    await client.query('SELECT pg_advisory_lock(7341001)');
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    const verb = exists.rowCount ? 'ALTER' : 'CREATE';
    await client.query(
      `${verb} ROLE ${quoteIdent(role)} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${quoteLiteral(password)}`,
    );
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)} AUTHORIZATION ${quoteIdent(role)}`);
    await client.query(`ALTER SCHEMA ${quoteIdent(schema)} OWNER TO ${quoteIdent(role)}`);
    await client.query(`ALTER ROLE ${quoteIdent(role)} SET search_path = ${quoteIdent(schema)}`);
    // No service may create objects in the shared public schema.
    await client.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
    // The lists' text search (pg_trgm), once per database in public: a service role may not create extensions.
    await client.query(TRIGRAM_EXTENSION);
  } finally {
    await client.query('SELECT pg_advisory_unlock(7341001)').catch(() => undefined);
    await client.end();
  }
}

/** The role name and password carried by a service's DATABASE_URL. */
export function credentialsOf(url: string): { role: string; password: string } {
  const u = new URL(url);
  return { role: decodeURIComponent(u.username), password: decodeURIComponent(u.password) };
}

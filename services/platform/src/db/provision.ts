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

/** The NOLOGIN role that owns a service's append-only tables (`<role>_ledger`). */
export function ledgerRoleOf(role: string): string {
  return `${role}_ledger`;
}

/**
 * Makes tables of a service append-only at the database level (run with the admin URL, after the migrations
 * created them): each is handed to a NOLOGIN role of its own, and the service's role keeps only SELECT and
 * INSERT (and its id sequence), so it can neither change nor remove a row, nor grant itself the rights back.
 * Idempotent. A migration that alters such a table later needs the admin URL too.
 */
export async function sealAppendOnlyTables(adminUrl: string, schema: string, role: string, tables: readonly string[]) {
  if (!tables.length) return;
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7341001)');
    const owner = ledgerRoleOf(role);
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [owner]);
    if (!exists.rowCount) await client.query(`CREATE ROLE ${quoteIdent(owner)} NOLOGIN`);
    for (const table of tables) {
      const qualified = `${quoteIdent(schema)}.${quoteIdent(table)}`;
      // sealed already: leave it (ALTER TABLE would lock out the replicas' appends for nothing)
      const current = await client.query('SELECT tableowner FROM pg_tables WHERE schemaname = $1 AND tablename = $2', [
        schema,
        table,
      ]);
      if (current.rows[0]?.tableowner === owner) continue;
      await client.query(`ALTER TABLE ${qualified} OWNER TO ${quoteIdent(owner)}`);
      await client.query(`REVOKE ALL ON ${qualified} FROM ${quoteIdent(role)}`);
      await client.query(`GRANT SELECT, INSERT ON ${qualified} TO ${quoteIdent(role)}`);
      const sequences = await client.query<{ seq: string | null }>(`SELECT pg_get_serial_sequence($1, 'id') AS seq`, [
        qualified,
      ]);
      const seq = sequences.rows[0]?.seq;
      if (seq) await client.query(`GRANT USAGE, SELECT ON SEQUENCE ${seq} TO ${quoteIdent(role)}`);
    }
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

import type { Logger } from 'pino';
import { DataSource, type EntitySchema, type MigrationInterface } from 'typeorm';
import { EventTablesMigrations } from '../events';
import { credentialsOf, provisionServiceDatabase, quoteIdent, sealAppendOnlyTables } from './provision';

export type MigrationClass = new () => MigrationInterface;
/** TypeORM takes entity classes as plain constructors */
export type EntityClass = Function | EntitySchema;

export interface DatabaseOptions {
  url: string;
  schema: string;
  migrations: MigrationClass[];
  entities?: EntityClass[];
  /** when set, the schema and the role of `url` are provisioned first */
  adminUrl?: string;
  logger: Logger;
  poolSize?: number;
  /**
   * true (default): provision (with `adminUrl`) and run the pending migrations, one process at a time per schema.
   * false: neither; wait (up to `waitForMigrationsMs`) until another process (the migration job) has run them all.
   */
  migrate?: boolean;
  /** how long a process that does not migrate waits for the schema to be up to date; default 120 s */
  waitForMigrationsMs?: number;
  /** tables the service may only read and append to: sealed with `adminUrl` after the migrations (provision.ts) */
  appendOnlyTables?: readonly string[];
}

/** Two-key advisory lock of the migrations of one schema: [this constant, hashtext(schema)]. */
const MIGRATION_LOCK = 7341002;

/**
 * Opens the service's own schema: search_path pinned to it (TypeORM's `schema` does not reach raw SQL in
 * migrations), its own migrations table, the platform's event tables, migrations run — never synchronize.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<DataSource> {
  const migrate = opts.migrate ?? true;
  if (migrate && opts.adminUrl) {
    const { role, password } = credentialsOf(opts.url);
    await provisionServiceDatabase(opts.adminUrl, opts.schema, role, password);
  }
  const dataSource = new DataSource({
    type: 'postgres',
    url: opts.url,
    schema: opts.schema,
    entities: opts.entities ?? [],
    migrations: [...EventTablesMigrations, ...opts.migrations],
    migrationsTableName: `${opts.schema}_migrations`,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: { max: opts.poolSize ?? 10, options: `-c search_path=${quoteIdent(opts.schema)}` },
  });
  await dataSource.initialize();
  try {
    if (migrate) await runMigrationsLocked(dataSource, opts);
    else await waitForMigrations(dataSource, opts);
    if (migrate && opts.adminUrl && opts.appendOnlyTables?.length)
      await sealAppendOnlyTables(opts.adminUrl, opts.schema, credentialsOf(opts.url).role, opts.appendOnlyTables);
  } catch (err) {
    await dataSource.destroy();
    throw err;
  }
  return dataSource;
}

/**
 * Runs the pending migrations holding the schema's advisory lock, so two processes that start together (a
 * migration job and a replica that still migrates on start, two replicas) never run the same migration twice:
 * the second waits, then finds nothing left to run.
 */
async function runMigrationsLocked(dataSource: DataSource, opts: DatabaseOptions): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1, hashtext($2))', [MIGRATION_LOCK, opts.schema]);
    // a provisioned role owns its schema but may not create schemas: only create what is missing
    const existing = await runner.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [opts.schema]);
    if (!existing.length) await runner.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(opts.schema)}`);
    const ran = await dataSource.runMigrations();
    if (ran.length) opts.logger.info({ migrations: ran.map((m) => m.name) }, 'migrations applied');
  } finally {
    await runner
      .query('SELECT pg_advisory_unlock($1, hashtext($2))', [MIGRATION_LOCK, opts.schema])
      .catch(() => undefined);
    await runner.release();
  }
}

/** Waits until every migration this code knows has run (by the migration job); throws after the wait. */
async function waitForMigrations(dataSource: DataSource, opts: DatabaseOptions): Promise<void> {
  const deadline = Date.now() + (opts.waitForMigrationsMs ?? 120_000);
  let logged = false;
  for (;;) {
    const pending = await dataSource.showMigrations().catch(() => true); // no migrations table yet: pending
    if (!pending) return;
    if (Date.now() > deadline)
      throw new Error(`the ${opts.schema} schema is not migrated: run the migration job (--migrate-only) first`);
    if (!logged) opts.logger.info({ schema: opts.schema }, 'waiting for the migration job to migrate the schema');
    logged = true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

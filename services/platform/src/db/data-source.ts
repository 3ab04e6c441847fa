import type { Logger } from 'pino';
import { DataSource, type EntitySchema, type MigrationInterface } from 'typeorm';
import { EventTablesMigrations } from '../events';
import { credentialsOf, provisionServiceDatabase, quoteIdent } from './provision';

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
}

/**
 * Opens the service's own schema: search_path pinned to it (TypeORM's `schema` does not reach raw SQL in
 * migrations), its own migrations table, the platform's event tables, migrations run — never synchronize.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<DataSource> {
  if (opts.adminUrl) {
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
    // a provisioned role owns its schema but may not create schemas: only create what is missing
    const existing = await dataSource.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [opts.schema]);
    if (!existing.length) await dataSource.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(opts.schema)}`);
    const ran = await dataSource.runMigrations();
    if (ran.length) opts.logger.info({ migrations: ran.map((m) => m.name) }, 'migrations applied');
  } catch (err) {
    await dataSource.destroy();
    throw err;
  }
  return dataSource;
}

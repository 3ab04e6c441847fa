import type { ServiceName } from '@portal/contracts';
import type { z } from 'zod';
import { BaseConfig, loadConfig } from '../config';
import { createLogger } from '../log/logger';
import { runProcess } from '../run-process';
import type { ServiceDefinition, ServiceDeps } from './definition';
import { openServiceDatabase, startService } from './start';

/**
 * Provisions the service's schema and role (with DATABASE_ADMIN_URL) and runs its pending migrations, holding
 * the schema's advisory lock, then closes: the migration job of a release (docs/compose-and-kubernetes.md).
 * Answers the names of the migrations it ran.
 */
export async function migrateService<C extends BaseConfig, D>(
  def: ServiceDefinition<ServiceName, C, D>,
  env: NodeJS.ProcessEnv = process.env,
  deps: Pick<ServiceDeps, 'logger'> = {},
): Promise<string[]> {
  const config = loadConfig((def.config ?? BaseConfig) as z.ZodType<C>, env);
  const logger = deps.logger ?? createLogger(def.name, config.LOG_LEVEL);
  const db = await openServiceDatabase(def, config, logger, true);
  try {
    const ran: { name: string }[] = await db.query(`SELECT name FROM "${def.name}_migrations" ORDER BY id`);
    logger.info({ migrations: ran.length }, `${def.name} schema is up to date`);
    return ran.map((m) => m.name);
  } finally {
    await db.destroy();
  }
}

/** Whether this process is the migration job: `--migrate-only` on the command line or MIGRATE_ONLY=true. */
export function isMigrateOnly(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): boolean {
  return argv.includes('--migrate-only') || env.MIGRATE_ONLY === 'true';
}

/**
 * The body of a service's main.ts: start from the environment, stop on SIGTERM/SIGINT, exit 1 on a bad start.
 * With `--migrate-only` (or MIGRATE_ONLY=true) it migrates the schema and exits 0 instead (1 on failure).
 */
export function runMain<C extends BaseConfig, D>(def: ServiceDefinition<ServiceName, C, D>): void {
  if (isMigrateOnly()) {
    const logger = createLogger(def.name);
    migrateService(def).then(
      () => process.exit(0),
      (err: unknown) => {
        logger.fatal({ err: err instanceof Error ? err.message : err }, 'migration failed');
        process.exit(1);
      },
    );
    return;
  }
  runProcess(def.name, () => startService(def));
}

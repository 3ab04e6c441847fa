import { defineService, isMigrateOnly, migrateService, type RunningService, startService } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createTestEnvironment, handlersFor, type TestEnvironment } from '../http/support/test-service';

/** A slow migration that records each run: run twice, it would insert two rows (or fail on the table). */
class CountedRuns1765000000000 implements MigrationInterface {
  name = 'CountedRuns1765000000000';
  async up(queryRunner: QueryRunner) {
    await queryRunner.query('CREATE TABLE IF NOT EXISTS migration_runs (at timestamptz NOT NULL DEFAULT now())');
    await queryRunner.query('SELECT pg_sleep(0.3)');
    await queryRunner.query('INSERT INTO migration_runs DEFAULT VALUES');
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query('DROP TABLE migration_runs');
  }
}

const shipping = defineService({
  name: 'shipping',
  migrations: [CountedRuns1765000000000],
  handlers: handlersFor('shipping', {}),
});

describe('Migrations once per release: the migration job and replicas that do not migrate', () => {
  let t: TestEnvironment;
  let replica: RunningService | undefined;
  beforeAll(async () => {
    t = await createTestEnvironment('platform_migrate_only');
  });
  afterAll(async () => {
    await replica?.stop();
    await t?.cleanUp();
  });

  test('When the command line says --migrate-only or MIGRATE_ONLY=true, Then main migrates and exits', () => {
    expect(isMigrateOnly(['node', 'dist/main.js', '--migrate-only'], {})).toBe(true);
    expect(isMigrateOnly(['node', 'dist/main.js'], { MIGRATE_ONLY: 'true' })).toBe(true);
    expect(isMigrateOnly(['node', 'dist/main.js'], { MIGRATE_ONLY: 'false' })).toBe(false);
  });

  test('When a replica with DB_MIGRATE_ON_START=false starts before the job, Then it waits for the job, and each migration runs once though three jobs race', async () => {
    const env = { ...t.env, DB_MIGRATE_ON_START: 'false' };
    let started = false;
    const starting = startService(shipping, env, { revocations: t.revocations }).then((s) => {
      started = true;
      replica = s;
      return s;
    });
    // a fixed wait: what is shown is that nothing happens (the replica keeps waiting), which no event marks
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(started).toBe(false); // no schema yet: the replica waits, it does not migrate

    const jobs = await Promise.all([
      migrateService(shipping, t.env),
      migrateService(shipping, t.env),
      migrateService(shipping, t.env),
    ]);
    for (const ran of jobs) expect(ran).toContain('CountedRuns1765000000000');
    const running = await starting;
    const [runs] = await running.ctx.db.query('SELECT count(*)::int AS n FROM migration_runs');
    expect(runs.n).toBe(1);
    const [applied] = await running.ctx.db.query(
      `SELECT count(*)::int AS n FROM shipping_migrations WHERE name = 'CountedRuns1765000000000'`,
    );
    expect(applied.n).toBe(1);
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
  });
});

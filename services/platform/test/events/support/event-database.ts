import { DealerRestored } from '@portal/contracts';
import { type EventHandler, EventTablesMigrations, enqueueEvent } from '@portal/platform/events';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';
import { DataSource } from 'typeorm';

/** A fresh database with the event tables in schema `evtest`, plus an `effects` table the test's handlers write. */
export interface EventDatabase {
  db: TestDatabase;
  dataSource: DataSource;
  close(): Promise<void>;
}

export async function createEventDatabase(): Promise<EventDatabase> {
  const db = await createTestDatabase('evtest');
  const dataSource = new DataSource({
    type: 'postgres',
    url: db.url,
    schema: 'evtest',
    extra: { options: '-c search_path=evtest' },
    migrations: EventTablesMigrations,
    migrationsTableName: 'evtest_migrations',
  });
  await dataSource.initialize();
  await dataSource.query('CREATE SCHEMA IF NOT EXISTS evtest');
  await dataSource.runMigrations();
  // no unique key on purpose: a duplicate effect must show up as a second row
  await dataSource.query('CREATE TABLE effects (event_id uuid NOT NULL, dealer_id text NOT NULL)');
  return {
    db,
    dataSource,
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await db.drop();
    },
  };
}

/** The consumer effect under test: one row per applied event. */
export const recordEffect: EventHandler = async (envelope, manager) => {
  const { dealer_id } = DealerRestored.payload.parse(envelope.payload);
  await manager.query('INSERT INTO effects (event_id, dealer_id) VALUES ($1, $2)', [envelope.id, dealer_id]);
};

/** Writes a `dealer.restored` event through the outbox, each in its own transaction as a service would. */
export function restoreDealer(dataSource: DataSource, dealerId: string): Promise<string> {
  return dataSource.transaction((manager) =>
    enqueueEvent(manager, 'dealer', DealerRestored, dealerId, { dealer_id: dealerId }),
  );
}

export async function effectCounts(dataSource: DataSource): Promise<{ rows: number; events: number }> {
  const [row] = await dataSource.query(
    'SELECT count(*)::int AS rows, count(DISTINCT event_id)::int AS events FROM effects',
  );
  return row;
}

export async function unsentCount(dataSource: DataSource): Promise<number> {
  const [row] = await dataSource.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
  return row.n;
}

/** Polls `check` until it returns true, failing after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A transaction whose connection the server cuts (a PostgreSQL restart, a failover) against the real server:
 * what the transaction's next query throws must read as "the database is not there right now", so the request
 * is answered 503 with the retry detail and an event is retried, never a 500.
 */
import { createTestDatabase, type TestDatabase, testDatabaseAdminUrl } from '@portal/platform/testing';
import { Client } from 'pg';
import { DataSource, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from '../../src/db/unavailable';

let db: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('connection_cut');
  dataSource = await new DataSource({ type: 'postgres', url: db.url }).initialize();
});

afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
});

/** Ends one server process the way an administrator's shutdown does (57P01 to its client). */
async function terminate(pid: number): Promise<void> {
  const admin = new Client({ connectionString: testDatabaseAdminUrl() });
  await admin.connect();
  try {
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

test('When the server cuts a transaction between two queries, Then the next query fails as database-unavailable', async () => {
  const failure = await dataSource
    .transaction(async (manager) => {
      const [{ pid }] = await manager.query('SELECT pg_backend_pid() AS pid');
      // the pg client of this transaction: TypeORM releases the runner on its 'error' event
      const client = (manager.queryRunner as unknown as { databaseConnection: Client }).databaseConnection;
      const cut = new Promise<Error>((resolve) => client.once('error', resolve));
      await terminate(pid);
      expect(isDatabaseUnavailable(await cut)).toBe(true);
      await manager.query('SELECT 1');
    })
    .then(
      () => null,
      (err: unknown) => err,
    );

  expect(failure).toBeInstanceOf(QueryRunnerProviderAlreadyReleasedError);
  expect(isDatabaseUnavailable(failure)).toBe(true);
  // the pool gave the broken connection up: the next transaction works
  expect(await dataSource.transaction((manager) => manager.query('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
});

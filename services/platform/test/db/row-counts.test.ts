import { countRows, type RowCountsSpec, rowCountsDown, rowCountsUp } from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';
import { DataSource } from 'typeorm';

const spec: RowCountsSpec = { table: 'things', counts: 'thing_counts', columns: ['status', 'state'] };

let db: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('rowcounts');
  dataSource = new DataSource({ type: 'postgres', url: db.url });
  await dataSource.initialize();
  await dataSource.query('CREATE TABLE things (id serial PRIMARY KEY, status text NOT NULL, state text)');
  // rows that exist before the counts are made are counted by the migration
  await dataSource.query(
    `INSERT INTO things (status, state) VALUES ('active', 'MT'), ('active', NULL), ('pending', 'TX')`,
  );
  for (const statement of rowCountsUp(spec)) await dataSource.query(statement);
});

afterAll(async () => {
  await dataSource.destroy();
  await db.drop();
});

/** What count(*) answers for the same filter: the truth the counts must equal. */
async function counted(status?: string[], state?: string[]): Promise<number> {
  const [row] = await dataSource.query(
    `SELECT count(*)::int AS n FROM things WHERE ($1::text[] IS NULL OR status = ANY($1)) AND ($2::text[] IS NULL OR state = ANY($2))`,
    [status ?? null, state ?? null],
  );
  return row.n;
}

async function expectCountsTrue() {
  for (const [status, state] of [
    [undefined, undefined],
    [['active'], undefined],
    [['active', 'pending'], ['MT']],
    [undefined, ['TX', 'WY']],
    [['archived'], undefined],
  ] as [string[] | undefined, string[] | undefined][]) {
    expect(await countRows(dataSource.manager, spec, { status, state })).toBe(await counted(status, state));
  }
}

describe('row counts', () => {
  test('When the counts are made, Then they hold the rows already there, rows without a state included', async () => {
    expect(await countRows(dataSource.manager, spec, {})).toBe(3);
    await expectCountsTrue();
  });

  test('When rows are inserted, moved and deleted in many statements, Then every count stays exact', async () => {
    await dataSource.query(`INSERT INTO things (status, state)
      SELECT (ARRAY['active','pending','archived'])[1 + i % 3], (ARRAY['MT','TX',NULL,'WY'])[1 + i % 4]
      FROM generate_series(1, 500) i`);
    await expectCountsTrue();
    await dataSource.query(`UPDATE things SET status = 'archived' WHERE id % 7 = 0`);
    await dataSource.query(`UPDATE things SET state = NULL WHERE id % 11 = 0`);
    await dataSource.query(`DELETE FROM things WHERE id % 13 = 0`);
    await expectCountsTrue();
  });

  test('When a writing transaction rolls back, Then the counts are as before', async () => {
    const before = await countRows(dataSource.manager, spec, {});
    await expect(
      dataSource.transaction(async (manager) => {
        await manager.query(`INSERT INTO things (status, state) VALUES ('active', 'MT')`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await countRows(dataSource.manager, spec, {})).toBe(before);
  });

  test('When concurrent transactions write, Then the counts equal the rows', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        dataSource.transaction(async (manager) => {
          await manager.query(`INSERT INTO things (status, state) VALUES ('active', $1), ('pending', $1)`, [
            i % 2 ? 'MT' : 'TX',
          ]);
          await manager.query(`UPDATE things SET status = 'archived' WHERE id = (SELECT min(id) FROM things)`);
        }),
      ),
    );
    await expectCountsTrue();
  });

  test('When the counts are removed, Then the table writes on without them', async () => {
    for (const statement of rowCountsDown(spec)) await dataSource.query(statement);
    await dataSource.query(`INSERT INTO things (status, state) VALUES ('active', 'MT')`);
    const [row] = await dataSource.query(`SELECT to_regclass('thing_counts') AS counts`);
    expect(row.counts).toBeNull();
  });
});

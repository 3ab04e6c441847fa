import { type KeysetOrders, readPage } from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';
import { DataSource } from 'typeorm';

type Sort = 'created_at' | 'city' | 'amount';
const orders: KeysetOrders<Sort> = {
  sorts: {
    created_at: [{ sql: 'r.created_at', type: 'timestamptz' }],
    city: [{ sql: 'r.city', type: 'text', nullable: true }],
    amount: [{ sql: 'r.amount_cents', type: 'bigint' }],
  },
  tieBreaker: { sql: 'r.id', type: 'text' },
  defaultSort: '-created_at',
};

interface Row extends Record<string, unknown> {
  id: string;
}

let db: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('keyset');
  dataSource = new DataSource({ type: 'postgres', url: db.url });
  await dataSource.initialize();
  await dataSource.query(`CREATE TABLE rows_ (id text PRIMARY KEY, created_at timestamptz NOT NULL,
    city text, amount_cents bigint NOT NULL)`);
  // timestamps with microseconds and ties, nullable cities, equal amounts: every way a key can collide
  await dataSource.query(`INSERT INTO rows_ SELECT 'r' || lpad(i::text, 3, '0'),
      '2026-01-01T00:00:00Z'::timestamptz + ((i / 3) * interval '1.000001 second'),
      CASE WHEN i % 5 = 0 THEN NULL ELSE 'city ' || (i % 7) END, (i % 4) * 100
    FROM generate_series(1, 137) i`);
});

afterAll(async () => {
  await dataSource.destroy();
  await db.drop();
});

const all = (sort?: string, where: string[] = [], params: unknown[] = []) =>
  readPage<Row, Sort>(dataSource.manager, orders, { sort }, base(where, params)).then((p) => p.rows.map((r) => r.id));

function base(where: string[] = [], params: unknown[] = []) {
  return { select: 'r.id', from: 'FROM rows_ r', where, params, filterKey: { where, params } };
}

async function pages(sort: string | undefined, limit: number, where: string[] = [], params: unknown[] = []) {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await readPage<Row, Sort>(dataSource.manager, orders, { limit, cursor, sort }, base(where, params));
    ids.push(...page.rows.map((r) => r.id));
    totals.push(page.page!.total);
    cursor = page.page!.next_cursor ?? undefined;
  } while (cursor);
  return { ids, totals };
}

/** A real cursor whose timestamp key is not a timestamp: PostgreSQL refuses the cast. */
async function forgedKey(): Promise<string> {
  const first = await readPage(dataSource.manager, orders, { limit: 5 }, base());
  const body = JSON.parse(Buffer.from(first.page!.next_cursor!, 'base64url').toString());
  body.k[0] = 'yesterday-ish';
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

describe('readPage', () => {
  test('When no page is asked for, Then every row comes in the default order and no page is added', async () => {
    const page = await readPage<Row, Sort>(dataSource.manager, orders, {}, base());
    expect(page.page).toBeUndefined();
    expect(page.rows).toHaveLength(137);
    expect(page.rows[0]).toEqual({ id: 'r137' });
  });

  test.each(['created_at', '-created_at', 'city', '-city', 'amount', '-amount'])(
    'When the list sorted by %s is read in pages of 10, Then the pages concatenate to the whole list',
    async (sort) => {
      const whole = await all(sort);
      const { ids, totals } = await pages(sort, 10);
      expect(ids).toEqual(whole);
      expect(new Set(totals)).toEqual(new Set([137]));
    },
  );

  test('When the city sort is ascending, Then rows without a city come last, as PostgreSQL orders nulls', async () => {
    const [{ ids }] = [await pages('city', 7)];
    const cities: { id: string; city: string | null }[] = await dataSource.query(
      'SELECT id, city FROM rows_ ORDER BY city, id',
    );
    expect(ids).toEqual(cities.map((c) => c.id));
  });

  test('When a filter is given, Then pages and total hold only its rows', async () => {
    const { ids, totals } = await pages('amount', 6, ['r.amount_cents = $1'], [300]);
    expect(ids).toEqual(await all('amount', ['r.amount_cents = $1'], [300]));
    expect(ids).toHaveLength(34);
    expect(totals[0]).toBe(34);
  });

  test('When rows are added between two pages, Then the next page neither repeats nor skips a row', async () => {
    const first = await readPage<Row, Sort>(dataSource.manager, orders, { limit: 20 }, base());
    const before = await all();
    await dataSource.query(
      `INSERT INTO rows_ VALUES ('new-late', '2030-01-01', 'x', 1), ('new-early', '2020-01-01', 'x', 1)`,
    );
    const seen = first.rows.map((r) => r.id);
    let cursor = first.page!.next_cursor ?? undefined;
    while (cursor) {
      const page = await readPage<Row, Sort>(dataSource.manager, orders, { limit: 20, cursor }, base());
      seen.push(...page.rows.map((r) => r.id));
      cursor = page.page!.next_cursor ?? undefined;
    }
    await dataSource.query(`DELETE FROM rows_ WHERE id LIKE 'new-%'`);
    expect(seen.filter((id) => !id.startsWith('new-'))).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
  });

  test.each([
    ['not base64 json', '!!!'],
    ['a forged body', Buffer.from(JSON.stringify({ v: 1, s: '-created_at' })).toString('base64url')],
    ['a real one whose timestamp was changed into something else', 'forged-key'],
  ])('When the cursor is %s, Then it is refused with a 400 naming the cursor', async (_, given) => {
    const cursor = given === 'forged-key' ? await forgedKey() : given;
    await expect(readPage(dataSource.manager, orders, { limit: 5, cursor }, base())).rejects.toMatchObject({
      status: 400,
      message: 'cursor: must be the next_cursor of the previous page',
    });
  });

  test('When a cursor is used with another sort or filter, Then it is refused with a 400', async () => {
    const first = await readPage(dataSource.manager, orders, { limit: 5 }, base());
    const cursor = first.page!.next_cursor!;
    await expect(
      readPage(dataSource.manager, orders, { limit: 5, cursor, sort: 'city' }, base()),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      readPage(dataSource.manager, orders, { limit: 5, cursor }, base(['r.amount_cents = $1'], [0])),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^cursor: /) });
  });

  test('When the last page is read, Then next_cursor is null', async () => {
    const page = await readPage(dataSource.manager, orders, { limit: 200 }, base());
    expect(page.page).toEqual({ next_cursor: null, total: 137 });
  });
});

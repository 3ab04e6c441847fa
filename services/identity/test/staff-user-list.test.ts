import { readAllPages, readWholeList } from '@portal/platform/testing';
import { bearer, FIRST_ADMIN, startIdentity, type TestIdentity } from './support/identity';

/**
 * GET /api/admin/users in pages (issue 18): without parameters every admin and delivery user, oldest first, as
 * before; with limit/cursor keyset pages that concatenate to it for every sort, filtered by role and searched
 * by name and email. Dealer logins are never in it.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely in assertions
type Json = Record<string, any>;

const PATH = '/api/admin/users';
let identity: TestIdentity;
let admin: Record<string, string>;
const db = () => identity.service.ctx.db;

/** Users stored directly (the list reads them; how they were made does not matter here). */
async function addUsers(rows: { email: string; full_name: string; role: string; created_at: string }[]) {
  await db().query(
    `INSERT INTO users (email, full_name, role, password_hash, dealer_id, created_by, created_at)
     SELECT u.email, u.full_name, u.role, 'not-a-hash', CASE WHEN u.role = 'dealer' THEN 'D-' || u.email END,
            'owner@example.com', u.created_at
       FROM jsonb_to_recordset($1::jsonb) AS u(email text, full_name text, role text, created_at timestamptz)`,
    [JSON.stringify(rows)],
  );
}

const list = (query: Record<string, string | number> = {}, auth = admin) =>
  identity.http().get(PATH).query(query).set(auth);

const whole = (query: Record<string, string> = {}) => readWholeList<Json>(list, 'users', query);

const pages = (query: Record<string, string>, limit: number) => readAllPages<Json>(list, 'users', query, limit);

const emails = (rows: readonly Json[]) => rows.map((row) => row.email as string);

beforeAll(async () => {
  identity = await startIdentity('identity_staff_list');
  admin = bearer(await identity.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password));
  const names = ['Dana Driver', 'Sam Admin', 'Alex 100% Reliable', 'Robin Route', 'Casey_Dispatch'];
  const staff = Array.from({ length: 16 }, (_, i) => ({
    email: `staff${String(i).padStart(2, '0')}@example.com`,
    full_name: names[i % names.length] as string,
    role: i % 3 === 0 ? 'admin' : 'delivery',
    // four users made in the same moment: the email breaks the tie
    created_at: new Date(Date.UTC(2026, 1, 1 + (i < 4 ? 0 : i))).toISOString(),
  }));
  const dealers = Array.from({ length: 6 }, (_, i) => ({
    email: `dealer${i}@example.com`,
    full_name: 'Dana Dealer',
    role: 'dealer',
    created_at: new Date(Date.UTC(2026, 1, 2 + i)).toISOString(),
  }));
  await addUsers([...staff, ...dealers]);
});
afterAll(() => identity?.stop());

describe('GET /api/admin/users without parameters', () => {
  test('When no parameter is given, Then every admin and delivery user comes oldest first as before, no dealer login', async () => {
    const rows = await whole();
    const stored: { email: string }[] = await db().query(
      `SELECT email FROM users WHERE role IN ('admin', 'delivery') ORDER BY created_at, email`,
    );
    expect(rows).toHaveLength(17);
    expect(emails(rows)).toEqual(stored.map((row) => row.email));
    expect(rows.some((row) => row.email.startsWith('dealer'))).toBe(false);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'created_at',
      'created_by',
      'email',
      'full_name',
      'mfa_enabled',
      'role',
    ]);
  });
});

describe('GET /api/admin/users in pages', () => {
  test.each(['created_at', '-created_at', 'email', '-email', 'full_name', '-full_name', 'role', '-role'])(
    'When the list sorted by %s is read in pages of 3, Then the pages concatenate to the whole list sorted so',
    async (sort) => {
      const all = await whole({ sort });
      const { rows, totals } = await pages({ sort }, 3);
      expect(rows).toEqual(all);
      expect(new Set(totals)).toEqual(new Set([17]));
      const column = sort.replace('-', '');
      if (column !== 'created_at') {
        const values = all.map((row) => row[column] as string);
        const sorted = [...values].sort((a, b) => a.localeCompare(b));
        expect(values).toEqual(sort.startsWith('-') ? sorted.reverse() : sorted);
      }
    },
  );

  test('When a user is added between two page reads, Then no user repeats and none is skipped', async () => {
    for (const [sort, email, created] of [
      ['created_at', 'zz-new@example.com', '2026-12-01T00:00:00Z'],
      ['-created_at', 'aa-new@example.com', '2026-02-01T00:00:00Z'], // a fifth user of the shared moment
      ['email', 'staff99@example.com', '2026-05-01T00:00:00Z'],
    ] as const) {
      const before = await whole({ sort });
      const first = await list({ sort, limit: 4 });
      await addUsers([{ email, full_name: 'New Hire', role: 'delivery', created_at: created }]);
      const seen: Json[] = [...first.body.users];
      let cursor: string | null = first.body.next_cursor;
      while (cursor) {
        const res = await list({ sort, limit: 4, cursor });
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(before.length);
        seen.push(...res.body.users);
        cursor = res.body.next_cursor;
      }
      const seenEmails = emails(seen);
      expect(new Set(seenEmails).size).toBe(seenEmails.length);
      expect(seenEmails.filter((seenEmail) => seenEmail !== email)).toEqual(emails(before));
      await db().query('DELETE FROM users WHERE email = $1', [email]);
    }
  });
});

describe('GET /api/admin/users filtered and searched', () => {
  test.each([
    ['admin', ['admin']],
    ['delivery', ['delivery']],
    ['delivery,admin', ['admin', 'delivery']],
  ])('When the role filter is %s, Then exactly the users of those roles come, in pages too', async (role, roles) => {
    const everything = await whole();
    const expected = everything.filter((row) => roles.includes(row.role));
    expect(await whole({ role })).toEqual(expected);
    const { rows, totals } = await pages({ role }, 2);
    expect(rows).toEqual(expected);
    expect(totals[0]).toBe(expected.length);
  });

  const matches = (row: Json, q: string) =>
    [row.full_name, row.email].some((text) => String(text).toLowerCase().includes(q.toLowerCase()));

  test.each([
    ['a name, in any case', 'ROBIN'],
    ['an email', 'staff1'],
    ['a literal %', '0% r'],
    ['a literal _', 'y_d'],
  ])('When q is %s, Then exactly the users it names come, in pages too', async (_what, q) => {
    const everything = await whole();
    const expected = everything.filter((row) => matches(row, q));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(everything.length);
    expect(await whole({ q })).toEqual(expected);
    expect((await pages({ q, sort: 'email' }, 2)).rows).toEqual(await whole({ q, sort: 'email' }));
  });

  test('When q names only dealer logins, Then no user comes; q and role combine', async () => {
    expect(await whole({ q: 'dana dealer' })).toEqual([]);
    const everything = await whole();
    expect(await whole({ q: 'dana', role: 'delivery' })).toEqual(
      everything.filter((row) => matches(row, 'dana') && row.role === 'delivery'),
    );
  });
});

describe('GET /api/admin/users refuses bad parameters', () => {
  test.each([
    [{ limit: '-1' }, 'limit: must be a whole number from 1 to 200'],
    [{ limit: '' }, 'limit: must be a whole number from 1 to 200'],
    [{ sort: 'password_hash' }, 'sort: must be one of'],
    [{ role: 'dealer' }, 'role: "dealer" is not one of admin, delivery'],
    [{ q: 'x'.repeat(201) }, 'q: must be at most 200 characters'],
    [{ cursor: 'e30' }, 'cursor: must be the next_cursor of the previous page'],
    [{ dealer_id: 'D-1' }, 'Unknown parameter "dealer_id"'],
  ])('When the query is %j, Then 400 names the parameter', async (query, detail) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });

  test('When a cursor of another sort or filter is sent, Then 400 names the cursor', async () => {
    const cursor = (await list({ limit: 2 })).body.next_cursor as string;
    for (const query of [{ sort: 'email' }, { role: 'admin' }, { q: 'dana' }] as Record<string, string>[]) {
      const res = await list({ ...query, limit: 2, cursor });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^cursor: /);
    }
  });

  test('When a delivery user asks, Then 403', async () => {
    expect((await list({ limit: 5 }, bearer(identity.tokenFor('delivery')))).status).toBe(403);
  });
});

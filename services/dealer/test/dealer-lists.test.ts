import request from 'supertest';
import { startPortal, type TestPortal } from './support/portal';

/**
 * The dealer lists in pages (issue 18): all-dealers-enhanced, dealers-list, pending-dealers, archived-dealers
 * and a dealer's notes — filtered, searched, sorted, paged by keyset — answering exactly as before without
 * parameters. The dealers are written straight into the table: nulls in every nullable sorted column, ties
 * in every sorted column, every status.
 */
let portal: TestPortal;
let admin: string;

interface ListedDealer {
  dealer_id: string;
  business_name: string | null;
  full_name: string | null;
  email: string;
  phone: string | null;
  city: string | null;
  state: string | null;
  zone: string | null;
  status: string;
}

const STATES = ['IL', 'WY', 'TX', 'CA', 'NY'];
const CITIES = ['Springfield', 'Casper', 'Austin', 'Fresno'];
const ZONES = ['North Zone', 'South Zone', 'West Zone'];
const SEEDED = 80;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

beforeAll(async () => {
  portal = await startPortal('dealer_lists');
  admin = `Bearer ${portal.adminToken}`;
  const rows = Array.from({ length: SEEDED }, (_, i) => {
    const status = i % 10 < 6 ? 'active' : i % 10 < 8 ? 'pending' : 'archived';
    return [
      `DL${pad(i, 3)}`,
      i % 11 === 0 ? null : i === 5 ? 'Save 50% Blinds' : `${i % 2 ? 'acme' : 'Acme'} Blinds ${i % 13}`,
      i % 9 === 0 ? null : `Contact Person${pad(i, 2)}`,
      `dealer${pad(i, 3)}@example.com`,
      i % 8 === 0 ? null : `(8${i % 10}${i % 7}) 7${pad(i, 2)}-9${pad(i % 17, 3)}`,
      i % 6 === 0 ? null : CITIES[i % CITIES.length],
      i % 7 === 0 ? null : STATES[i % STATES.length],
      i % 5 === 0 ? null : ZONES[i % ZONES.length],
      status,
      // ties in created_at (three dealers a second); archive dates each their own
      new Date(Date.UTC(2025, 0, 1, 0, 0, Math.floor(i / 3))).toISOString(),
      status === 'archived' ? new Date(Date.UTC(2025, 5, 1, 0, i)).toISOString() : null,
    ];
  });
  await portal.dealer.ctx.db.query(
    `INSERT INTO dealers (dealer_id, business_name, full_name, email, phone, city, state, zone, status, created_at,
       archived_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::text[], $10::timestamptz[], $11::timestamptz[])`,
    rows[0]!.map((_, column) => rows.map((row) => row[column])),
  );
});
afterAll(() => portal?.stop());

const api = () => request(portal.dealer.app);
const get = (path: string, query: Record<string, string | number | undefined> = {}) =>
  api().get(path).query(query).set('authorization', admin);
const ids = (dealers: { dealer_id: string }[]) => dealers.map((d) => d.dealer_id);

/** Every page of a list, following next_cursor, checking each page's size and total. */
async function readAllPages(path: string, query: Record<string, string | number>, limit: number) {
  const seen: ListedDealer[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(path, { ...query, limit, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ success: true, total: expect.any(Number) }));
    expect(res.body.next_cursor === null || typeof res.body.next_cursor === 'string').toBe(true);
    cursor = res.body.next_cursor as string | null;
    if (cursor !== null) expect(res.body.dealers).toHaveLength(limit);
    seen.push(...res.body.dealers);
    totals.add(res.body.total);
    pages++;
  } while (cursor !== null && pages < 1000);
  return { dealers: seen, totals: [...totals] };
}

const LISTS = [
  { path: '/api/admin/all-dealers-enhanced', status: 'active', order: 'state, business_name, dealer_id' },
  { path: '/api/admin/dealers-list', status: 'active', order: 'state, business_name, dealer_id' },
  { path: '/api/admin/pending-dealers', status: 'pending', order: 'created_at, dealer_id' },
  { path: '/api/admin/archived-dealers', status: 'archived', order: 'archived_at DESC, dealer_id' },
] as const;
const SORTS = ['business_name', 'state', 'city', 'zone', 'created_at'];
const sortsOf = (path: string) =>
  (path.includes('archived') ? [...SORTS, 'archived_at'] : SORTS).flatMap((s) => [s, `-${s}`]);

/** The search as the Manage Dealers screen always did it, over the fields the server searches. */
function matches(dealer: ListedDealer, q: string): boolean {
  const text = q.trim().toLowerCase();
  const fields = [dealer.business_name, dealer.full_name, dealer.email, dealer.city, dealer.state, dealer.dealer_id];
  const digits = text.replace(/\D/g, '');
  return (
    fields.some((field) => (field ?? '').toLowerCase().includes(text)) ||
    (digits.length >= 3 && (dealer.phone ?? '').replace(/\D/g, '').includes(digits))
  );
}

describe.each(LISTS)('the list $path', ({ path, status, order }) => {
  test('When called without parameters, Then it answers every dealer of its status in the order it always had, unpaged', async () => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeUndefined();
    expect(res.body.total).toBeUndefined();
    const expected: { dealer_id: string }[] = await portal.dealer.ctx.db.query(
      `SELECT dealer_id FROM dealers WHERE status = $1 ORDER BY ${order}`,
      [status],
    );
    expect(ids(res.body.dealers)).toEqual(ids(expected));
    expect(res.body.dealers[0]).toEqual(
      expect.objectContaining({ dealer_id: expect.any(String), status, archived: status === 'archived' }),
    );
  });

  test.each(sortsOf(path))(
    'When read in pages sorted by %s, Then the pages concatenate to the unpaged answer of that sort',
    async (sort) => {
      const whole = await get(path, { sort });
      expect(whole.status).toBe(200);
      const { dealers, totals } = await readAllPages(path, { sort }, 4);
      expect(ids(dealers)).toEqual(ids(whole.body.dealers));
      expect(dealers).toEqual(whole.body.dealers);
      expect(totals).toEqual([whole.body.dealers.length]);
    },
  );

  test('When filtered by states and zones and searched, Then pages and the unpaged answer hold exactly the matching dealers', async () => {
    const all: ListedDealer[] = (await get(path)).body.dealers;
    const filters = { state: 'IL,TX, CA', zone: 'North Zone,West Zone', q: 'blinds' };
    const expected = all.filter(
      (d) =>
        ['IL', 'TX', 'CA'].includes(d.state ?? '') &&
        ['North Zone', 'West Zone'].includes(d.zone ?? '') &&
        matches(d, 'blinds'),
    );
    expect(expected.length).toBeGreaterThan(0);
    const whole = await get(path, filters);
    expect(ids(whole.body.dealers)).toEqual(ids(expected));
    for (const sort of ['-city', 'zone']) {
      const sorted = await get(path, { ...filters, sort });
      const { dealers, totals } = await readAllPages(path, { ...filters, sort }, 3);
      expect(ids(dealers)).toEqual(ids(sorted.body.dealers));
      expect(new Set(ids(dealers))).toEqual(new Set(ids(expected)));
      expect(totals).toEqual([expected.length]);
    }
  });
});

describe('filters', () => {
  const path = '/api/admin/all-dealers-enhanced';
  let all: ListedDealer[];
  beforeAll(async () => {
    all = (await get(path)).body.dealers;
  });

  test.each([
    [{ state: 'IL' }, (d: ListedDealer) => d.state === 'IL'],
    [{ state: 'WY,NY' }, (d: ListedDealer) => d.state === 'WY' || d.state === 'NY'],
    [{ state: 'ZZ' }, () => false],
    [{ zone: 'South Zone' }, (d: ListedDealer) => d.zone === 'South Zone'],
    [{ zone: 'North Zone,West Zone' }, (d: ListedDealer) => d.zone === 'North Zone' || d.zone === 'West Zone'],
    [{ state: 'TX', zone: 'West Zone' }, (d: ListedDealer) => d.state === 'TX' && d.zone === 'West Zone'],
  ])(
    'When filtered by %j, Then exactly the active dealers that match are listed, in the list order',
    async (query, keep) => {
      const res = await get(path, query);
      expect(res.status).toBe(200);
      expect(ids(res.body.dealers)).toEqual(ids(all.filter(keep)));
    },
  );

  test('When filtered or paged, Then available_states still names the states of every active dealer', async () => {
    const states = [...new Set(all.map((d) => d.state).filter((s): s is string => s !== null))].sort();
    expect(states.length).toBeGreaterThan(2);
    const res = await get(path, { state: 'IL', limit: 1 });
    expect(res.body.available_states).toEqual(states);
    expect((await get(path)).body.available_states).toEqual(states);
  });
});

describe('search', () => {
  const path = '/api/admin/all-dealers-enhanced';
  let all: ListedDealer[];
  beforeAll(async () => {
    all = (await get(path)).body.dealers;
  });

  test.each([
    ['a business name, in any case', 'ACME BLINDS 1'],
    ['a contact name', 'person1'],
    ['an email', 'dealer00'],
    ['a city', 'sprING'],
    ['a state', 'wy'],
    ['a dealer id', 'dl01'],
    ['phone digits typed with punctuation', '7-12 9'],
    ['phone digits', '8'.concat('1', '1')],
    ['a literal percent sign', '50%'],
  ])('When searched by %s (%j), Then exactly the dealers holding it are listed', async (_what, q) => {
    const expected = all.filter((d) => matches(d, q));
    expect(expected.length).toBeGreaterThan(0);
    const res = await get(path, { q });
    expect(res.status).toBe(200);
    expect(ids(res.body.dealers)).toEqual(ids(expected));
    const { dealers } = await readAllPages(path, { q, sort: '-business_name' }, 2);
    expect(new Set(ids(dealers))).toEqual(new Set(ids(expected)));
  });

  test('When fewer than 3 digits are typed, Then the phone is not searched', async () => {
    // DL003's phone is (833) 703-9003: "833" finds it by phone; "83" is in no searched field of any dealer
    const byPhone = await get(path, { q: '(833)' });
    expect(ids(byPhone.body.dealers)).toContain('DL003');
    expect(all.some((d) => matches(d, '83'))).toBe(false);
    expect(all.some((d) => (d.phone ?? '').replace(/\D/g, '').includes('83'))).toBe(true);
    expect((await get(path, { q: '83' })).body.dealers).toEqual([]);
  });

  test('When the search holds LIKE wildcards or spans two fields, Then they are searched as typed, within one field', async () => {
    expect(ids((await get(path, { q: '%' })).body.dealers)).toEqual(['DL005']); // "Save 50% Blinds"
    for (const q of ['_', '\\', 'Blinds 1\nContact']) expect((await get(path, { q })).body.dealers).toEqual([]);
    expect((await get(path, { q: '   ' })).body.dealers).toHaveLength(all.length);
  });
});

describe('paging while dealers arrive', () => {
  test('When a dealer is added before and after the cursor between two pages, Then no dealer is repeated or skipped', async () => {
    const path = '/api/admin/all-dealers-enhanced';
    const before: ListedDealer[] = (await get(path, { sort: 'business_name' })).body.dealers;
    const first = await get(path, { sort: 'business_name', limit: 5 });
    expect(first.body.total).toBe(before.length);
    await portal.dealer.ctx.db.query(
      `INSERT INTO dealers (dealer_id, business_name, email, status) VALUES
         ('DLNEW1', '  first of all', 'new1@example.com', 'active'),
         ('DLNEW2', 'zz last of all', 'new2@example.com', 'active')`,
    );
    try {
      const seen: string[] = ids(first.body.dealers);
      let cursor: string | null = first.body.next_cursor;
      while (cursor) {
        const page = await get(path, { sort: 'business_name', limit: 5, cursor });
        expect(page.body.total).toBe(before.length); // counted when the first page was read
        seen.push(...ids(page.body.dealers));
        cursor = page.body.next_cursor;
      }
      const after = ids((await get(path, { sort: 'business_name' })).body.dealers);
      expect(seen).toEqual(after.filter((id) => id !== 'DLNEW1'));
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expect.arrayContaining(ids(before)));
    } finally {
      await portal.dealer.ctx.db.query("DELETE FROM dealers WHERE dealer_id IN ('DLNEW1', 'DLNEW2')");
    }
  });
});

describe('bad parameters', () => {
  const secondCursor = async (sort: string) => (await get('/api/admin/pending-dealers', { sort, limit: 2 })).body;

  test.each([
    ['limit=0', { limit: '0' }, 'limit: must be a whole number from 1 to 200'],
    ['limit=201', { limit: '201' }, 'limit: must be a whole number from 1 to 200'],
    ['limit=ten', { limit: 'ten' }, 'limit: must be a whole number from 1 to 200'],
    ['sort=phone', { sort: 'phone' }, 'sort: must be one of'],
    ['sort=archived_at', { sort: 'archived_at' }, 'sort: must be one of'],
    ['a cursor that is not one', { cursor: 'not-a-cursor' }, 'cursor: must be the next_cursor of the previous page'],
    ['q of 201 characters', { q: 'x'.repeat(201) }, 'q: must be at most 200 characters'],
    ['page=2', { page: '2' }, 'Unknown parameter "page"'],
    ['status=active', { status: 'active' }, 'Unknown parameter "status"'],
  ])('When a dealer list is asked with %s, Then 400 names the parameter', async (_what, query, detail) => {
    for (const path of ['/api/admin/all-dealers-enhanced', '/api/admin/pending-dealers', '/api/admin/dealers-list']) {
      const res = await get(path, query);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.detail).toContain(detail);
    }
  });

  test('When the archived list is asked for a sort it lacks, Then 400 names sort; archived_at is its own', async () => {
    const res = await get('/api/admin/archived-dealers', { sort: 'phone' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('sort: must be one of');
    expect((await get('/api/admin/archived-dealers', { sort: 'archived_at' })).status).toBe(200);
  });

  test('When a cursor is sent with another sort or filter than it was made for, Then 400 names the cursor', async () => {
    const page = await secondCursor('created_at');
    expect(page.next_cursor).toEqual(expect.any(String));
    for (const query of [
      { sort: 'city' },
      { sort: 'created_at', q: 'acme' },
      { sort: 'created_at', zone: 'West Zone' },
    ]) {
      const res = await get('/api/admin/pending-dealers', { ...query, cursor: page.next_cursor, limit: 2 });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^cursor: /);
    }
  });

  test('When a cursor is forged with a key that is not a key, Then 400 names the cursor', async () => {
    const page = await secondCursor('-created_at');
    const body = JSON.parse(Buffer.from(page.next_cursor, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...body, k: ['not a time', 'DL001'] })).toString('base64url');
    const res = await get('/api/admin/pending-dealers', { sort: '-created_at', cursor: forged });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^cursor: /);
  });
});

describe("a dealer's notes", () => {
  const notesOf = (dealerId: string, query: Record<string, string | number | undefined> = {}) =>
    get(`/api/admin/dealer-notes/${dealerId}`, query);

  beforeAll(async () => {
    // fourteen notes: two at the same instant, so the note id breaks the tie
    await portal.dealer.ctx.db.query(
      `INSERT INTO dealer_notes (dealer_id, note_text, created_by_name, created_at)
       SELECT 'DL001', 'Note ' || i, 'A admin', '2025-03-01T00:00:00Z'::timestamptz + least(i, 12) * interval '1 minute'
       FROM generate_series(0, 13) i`,
    );
  });

  test('When read without parameters, Then every note is listed newest first, as before', async () => {
    const res = await notesOf('DL001');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['success', 'notes']);
    const dates = res.body.notes.map((n: { created_at: string }) => n.created_at);
    expect(res.body.notes).toHaveLength(14);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(res.body.notes[0]).toEqual({
      note_id: expect.any(String),
      note_text: expect.stringMatching(/^Note 1[23]$/),
      created_by_name: 'A admin',
      created_at: '2025-03-01T00:12:00.000Z',
      formatted_date: 'Feb 28, 2025 at 6:12 PM CST', // the system timezone's (Chicago's) day and time
    });
  });

  test.each(['-created_at', 'created_at'])(
    'When read in pages sorted by %s, Then the pages concatenate to the unpaged answer',
    async (sort) => {
      const whole = (await notesOf('DL001', { sort })).body.notes;
      const seen: unknown[] = [];
      let cursor: string | null = null;
      do {
        const page = await notesOf('DL001', { sort, limit: 3, ...(cursor ? { cursor } : {}) });
        expect(page.status).toBe(200);
        expect(page.body.total).toBe(14);
        seen.push(...page.body.notes);
        cursor = page.body.next_cursor;
      } while (cursor);
      expect(seen).toEqual(whole);
    },
  );

  test('When the dealer has no notes or does not exist, Then an empty last page, or 404', async () => {
    expect((await notesOf('DL002', { limit: 5 })).body).toEqual({
      success: true,
      notes: [],
      next_cursor: null,
      total: 0,
    });
    expect((await notesOf('DL002')).body).toEqual({ success: true, notes: [] });
    for (const query of [{}, { limit: 5 }]) {
      const res = await notesOf('NOSUCHDEALER', query);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Error: Dealer not found');
    }
  });

  test.each([
    [{ limit: '0' }, 'limit: must be a whole number from 1 to 200'],
    [{ sort: 'note_text' }, 'sort: must be one of created_at, -created_at'],
    [{ q: 'x' }, 'Unknown parameter "q"'],
    [{ cursor: 'bad' }, 'cursor: must be the next_cursor of the previous page'],
  ])('When the notes are asked with %j, Then 400 names the parameter', async (query, detail) => {
    const res = await notesOf('DL001', query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });
});

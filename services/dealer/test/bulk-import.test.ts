import { endpoints } from '@portal/contracts';
import request from 'supertest';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { dealerForm, eventually, startPortal, type TestPortal } from './support/portal';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startPortal('dealer_import');
});
afterAll(() => portal?.stop());

/** RFC 4180 fields of one line: a quoted field may hold commas and doubled quotes. */
function csvFields(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/""/g, '"') : (m[2] ?? ''),
  );
}

/** The mapped rows the import wizard sends: header → field, only non-empty cells. */
function rowsFromCsv(csv: string): Record<string, string>[] {
  const [header, ...lines] = csv.trim().split('\n');
  const fields = csvFields(header as string);
  return lines.map((line) =>
    Object.fromEntries(csvFields(line).flatMap((value, i) => (value.trim() ? [[fields[i] as string, value]] : []))),
  );
}

const importRows = (dealers: object[]) =>
  request(portal.dealer.app)
    .post('/api/admin/bulk-import-dealers')
    .set('authorization', `Bearer ${portal.adminToken}`)
    .send({ dealers });

describe('POST /api/admin/bulk-import-dealers', () => {
  test('When a CSV batch has a quoted comma, a duplicate email and a row missing fields, Then exactly those counts and row errors', async () => {
    const existing = dealerForm({ email: 'already@example.com' });
    await request(portal.dealer.app)
      .post('/api/admin/create-dealer')
      .set('authorization', `Bearer ${portal.adminToken}`)
      .send(existing);
    const csv = [
      'business_name,full_name,email,phone,address,city,state,zip_code,zone,business_type',
      '"Smith, Jones & Co",Ann Smith,ann@example.com,555-0101,1 Elm St,Dayton,oh,45402,Midwest Zone,Retail',
      'Buck Stop,Bob Buck,bob@example.com,555-0102,2 Pine St,Macon,GA,31201,Southern Zone,',
      'Buck Stop Again,Bob Buck,BOB@example.com,555-0103,3 Pine St,Macon,GA,31201,Southern Zone,',
      'No Phone Outfitters,Cy Noph,cy@example.com,,4 Ash St,,TX,75001,Southern Zone,',
      'Old Friend,Olga Friend,already@example.com,555-0105,5 Oak St,Boise,ID,83702,Western Zone,',
      'Bad Mail,Dee Bad,not-an-email,555-0106,6 Fir St,Reno,NV,89501,Western Zone,',
    ].join('\n');
    const res = await importRows(rowsFromCsv(csv));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Successfully imported 2 dealers!',
      results: {
        successful_imports: 2,
        failed_imports: 2,
        duplicate_emails: ['bob@example.com', 'already@example.com'],
        errors: [
          { row: 4, message: 'Error: Missing required fields: phone, city' },
          { row: 6, message: 'email: Please enter a valid email address' },
        ],
      },
    });
    const list = endpoints['admin.dealersList'].response.parse(
      (
        await request(portal.dealer.app)
          .get('/api/admin/dealers-list')
          .set('authorization', `Bearer ${portal.adminToken}`)
      ).body,
    );
    const smith = list.dealers.find((d) => d.email === 'ann@example.com');
    expect(smith).toMatchObject({ business_name: 'Smith, Jones & Co', state: 'OH', status: 'active' });
    expect(list.dealers.filter((d) => d.email === 'bob@example.com')).toHaveLength(1);
  });

  test('When rows carry their own dealer ids, Then safe ones are kept and unsafe or taken ones are row errors', async () => {
    const base = {
      full_name: 'Id Keeper',
      phone: '555',
      address: 'a',
      city: 'c',
      state: 'KS',
      zip_code: '6',
      zone: 'Midwest Zone',
    };
    const res = await importRows([
      { ...base, dealer_id: 'LEGACY-001', email: 'legacy1@example.com' },
      { ...base, dealer_id: '../etc', email: 'legacy2@example.com' },
      { ...base, dealer_id: 'LEGACY-001', email: 'legacy3@example.com' },
    ]);
    expect(res.body.results).toEqual({
      successful_imports: 1,
      failed_imports: 2,
      duplicate_emails: [],
      errors: [
        { row: 2, message: 'Error: Dealer ID may contain only letters, digits, - and _' },
        { row: 3, message: 'Error: Dealer ID LEGACY-001 already exists' },
      ],
    });
  });

  test('When the batch is empty or not a list, Then the spec message', async () => {
    for (const body of [{ dealers: [] }, {}]) {
      const res = await request(portal.dealer.app)
        .post('/api/admin/bulk-import-dealers')
        .set('authorization', `Bearer ${portal.adminToken}`)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Error: CSV file must have at least a header row and one data row');
    }
  });

  test('When single cells are bad (NUL, lone surrogate, too long, bad email, unknown state or zone), Then only their rows fail and the others import', async () => {
    const row = (n: number, overrides: Record<string, string> = {}) => ({
      business_name: `Cell Check ${n}`,
      email: `cell${n}@example.com`,
      phone: '555-0100',
      address: `${n} Main St`,
      city: 'Topeka',
      state: 'KS',
      zip_code: '66603',
      zone: 'Midwest Zone',
      ...overrides,
    });
    const res = await importRows([
      row(1),
      row(2, { city: 'Spring\u0000field' }),
      row(3, { business_name: '\ud800 Blinds' }),
      row(4, { address: 'x'.repeat(201) }),
      row(5, { email: 'not-an-email' }),
      row(6, { state: 'ZZ' }),
      row(7, { zone: 'Atlantis Zone' }),
      row(8, { zone: 'midwest zone', state: 'ks' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual({
      successful_imports: 2,
      failed_imports: 6,
      duplicate_emails: [],
      errors: [
        { row: 2, message: 'Error: City contains characters that cannot be stored' },
        { row: 3, message: 'Error: Business name contains characters that cannot be stored' },
        { row: 4, message: 'Error: Address must be at most 200 characters' },
        { row: 5, message: 'email: Please enter a valid email address' },
        // a state cell is a code or a full name; anything else is reported with the value
        { row: 6, message: 'Error: State "ZZ" is not a US state name or two-letter code' },
        {
          row: 7,
          message:
            'Error: Zone "Atlantis Zone" is not one of the configured zones (Eastern Zone, Midwest Zone, Southern Zone, Western Zone)',
        },
      ],
    });
    const stored = await portal.dealer.ctx.db.query(
      `SELECT email, zone, state FROM dealers WHERE email LIKE 'cell%' ORDER BY email`,
    );
    expect(stored).toEqual([
      { email: 'cell1@example.com', zone: 'Midwest Zone', state: 'KS' },
      { email: 'cell8@example.com', zone: 'Midwest Zone', state: 'KS' },
    ]);
  });

  test('When 10,001 rows are sent at once, Then 400 says the limit and how many were sent, and nothing is imported', async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => ({ full_name: `Over ${i}`, email: `over${i}@example.com` }));
    const res = await importRows(rows);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(
      'Error: An import takes at most 10,000 rows at a time; this one has 10,001. Please split the file and import each part.',
    );
    const [{ count }] = await portal.dealer.ctx.db.query(
      `SELECT count(*)::int AS count FROM dealers WHERE email LIKE 'over%'`,
    );
    expect(count).toBe(0);
  });

  test('When 3,000 rows are imported, Then they go in batches (few statements, two outbox inserts per batch) and all arrive', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      business_name: `Bulk ${i}`,
      email: `bulk${i}@example.com`,
      phone: '555-0100',
      address: `${i} Main St`,
      city: 'Wichita',
      state: 'KS',
      zip_code: '67202',
      zone: 'Midwest Zone',
    }));
    // every statement of the portal (both services) while the import runs
    const statements: string[] = [];
    const query = PostgresQueryRunner.prototype.query;
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query').mockImplementation(function (
      this: PostgresQueryRunner,
      ...args: Parameters<typeof query>
    ) {
      statements.push(args[0]);
      return query.apply(this, args);
    });
    const started = Date.now();
    let res: request.Response;
    try {
      res = await importRows(rows);
    } finally {
      spy.mockRestore();
    }
    const elapsed = Date.now() - started;
    expect(res.body.results).toMatchObject({ successful_imports: 3000, failed_imports: 0, duplicate_emails: [] });
    const count = (pattern: RegExp) => statements.filter((sql) => pattern.test(sql)).length;
    expect(count(/^\s*INSERT INTO dealers\b/)).toBe(3); // batches of 1000
    // per batch one insert of its dealer.created events and one of its audit entries, not one per dealer
    expect(count(/^\s*INSERT INTO outbox\b/)).toBe(6);
    expect(count(/\bFROM dealers WHERE email = ANY\b/)).toBe(1); // taken emails and ids: one query
    const [{ count: dealers }] = await portal.dealer.ctx.db.query(
      `SELECT count(*)::int AS count FROM dealers WHERE email LIKE 'bulk%'`,
    );
    expect(dealers).toBe(3000);
    const [{ events }] = await portal.dealer.ctx.db.query(
      `SELECT count(DISTINCT aggregate_id)::int AS events FROM outbox
       WHERE type = 'dealer.created' AND envelope->'payload'->>'email' LIKE 'bulk%'`,
    );
    expect(events).toBe(3000);
    // identity remembers every imported dealer (applied in batches, not a transaction per event)
    await eventually(async () => {
      const [{ remembered }] = await portal.identity.ctx.db.query(
        `SELECT count(*)::int AS remembered FROM known_dealers WHERE email LIKE 'bulk%'`,
      );
      expect(remembered).toBe(3000);
    }, 15_000);
    console.info(`bulk import: 3000 rows in ${elapsed} ms (${Math.round(3000 / (elapsed / 1000))} rows/s)`);
  });
});

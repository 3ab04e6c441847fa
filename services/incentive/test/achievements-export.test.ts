/**
 * A program's achievements CSV export (issue 18): every achievement of the program that matches the list's
 * search, tier and sort, streamed by the server as a download, with the columns and cells the web wrote itself.
 */
import type { Achievement } from '@portal/contracts';
import { formatDateTimeCellIn, isoDayIn } from '@portal/platform';
import { startIncentives, type TestIncentives } from './support/incentive';

let t: TestIncentives;
let programId: string;
let otherProgramId: string;
let bronze: string;
let silver: string;
const today = isoDayIn(new Date(), 'America/Chicago'); // program dates are days in the system timezone
const UNKNOWN_DEALER = `UNHEARD-${Date.now()}`;

const createProgram = async (program_name: string, tiers: object[]) => {
  const res = await t
    .api()
    .post('/api/admin/incentive-programs')
    .set(t.admin)
    .send({ program_name, start_date: today, end_date: today, tiers });
  expect(res.status).toBe(200);
  return res.body.program as { id: string; tiers: { id: string }[] };
};

beforeAll(async () => {
  t = await startIncentives('incentive_achievements_export');
  for (let i = 0; i < 9; i++) {
    const id = await t.newDealer({
      business_name: `${i % 2 ? 'Ridge' : 'Valley'} Blinds ${i}`,
      full_name: `Pat Contact${i}`,
      city: i === 3 ? 'Saint "Quoted", City' : 'Austin',
    });
    await t.placeOrder(id, [[1, 15_050 + i * 10_000]]);
  }
  const formula = await t.newDealer({ business_name: '=HYPERLINK("x")', city: '@home', state: 'TX' });
  await t.placeOrder(formula, [[3, 20_000]]);
  // a dealer whose dealer.created has not arrived: named by its id, without a city or state
  await t.placeOrder(UNKNOWN_DEALER, [[2, 30_000]]);
  const program = await createProgram('Spring Push 2025!', [
    { name: 'Bronze', metric: 'revenue', value: 150.5, reward: '+5% "rebate", paid', notify_dealer: false },
    { name: 'Silver', metric: 'revenue', value: 400, reward: 'A trip', notify_dealer: false },
  ]);
  programId = program.id;
  bronze = program.tiers[0]!.id;
  silver = program.tiers[1]!.id;
  otherProgramId = (
    await createProgram('Other Program', [{ name: 'Any', metric: 'orders', value: 1, notify_dealer: false }])
  ).id;
});
afterAll(() => t?.stop());

const achievementsPath = (id = programId) => `/api/admin/incentive-programs/${id}/achievements`;
const exportPath = (id = programId) => `${achievementsPath(id)}/export`;

/** Every achievement of the list with the query, read a page of 2 at a time. */
async function paged(query: Record<string, string>, id = programId): Promise<Achievement[]> {
  const rows: Achievement[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 100; n++) {
    const res = await t
      .api()
      .get(achievementsPath(id))
      .query({ ...query, limit: 2, ...(cursor ? { cursor } : {}) })
      .set(t.admin);
    expect(res.status).toBe(200);
    rows.push(...res.body.achievements);
    cursor = res.body.next_cursor ?? undefined;
    if (!cursor) return rows;
  }
  throw new Error('more than 100 pages');
}

/** The web's own export of these achievements (web/src/csv/writeCsv.ts and the former incentiveCsv.ts), as the oracle. */
function webCsv(achievements: readonly Achievement[]): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    const inert = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${inert.replace(/"/g, '""')}"`;
  };
  const header = [
    'Dealer Name',
    'Dealer City',
    'Dealer State',
    'Tier',
    'Metric',
    'Threshold Value',
    'Value Achieved',
    'Reward',
    'Achieved At',
  ];
  const rows = achievements.map((a) => [
    a.dealer_name,
    a.dealer_city ?? '',
    a.dealer_state ?? '',
    a.tier_name,
    a.metric,
    a.threshold_value,
    a.value_achieved,
    a.reward,
    formatDateTimeCellIn(a.achieved_at, 'America/Chicago'), // the system timezone (nothing announced: Chicago)
  ]);
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

const exportCsv = (query: Record<string, string | number>, auth = t.admin, id = programId) =>
  t
    .api()
    .get(exportPath(id))
    .query(query)
    .set(auth)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    });

test('When the admin exports with a search, a tier and a sort, Then a streamed CSV attachment holds every matching achievement of the program and only those, as the web wrote it', async () => {
  const queries: Record<string, string>[] = [
    {},
    { sort: 'achieved_at' },
    { tier_id: silver, sort: '-achieved_at' },
    { q: 'ridge BLINDS', tier_id: bronze },
    { q: UNKNOWN_DEALER },
    { q: 'no such dealer anywhere' },
  ];
  for (const query of queries) {
    const res = await exportCsv(query);
    expect({ query, status: res.status }).toEqual({ query, status: 200 });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="achievements_spring_push_2025.csv"');
    expect(res.headers['transfer-encoding']).toBe('chunked'); // streamed: no length known up front
    const listed = await paged(query);
    expect(res.body).toBe(webCsv(listed));
  }
  // the whole program: every dealer past Bronze, those past Silver twice, the unknown dealer under its id
  const whole = await paged({});
  expect(whole.length).toBeGreaterThan(10);
  expect(whole.some((a) => a.dealer_name === UNKNOWN_DEALER && a.dealer_city === null)).toBe(true);
  expect(whole.every((a) => a.program_id === programId)).toBe(true);
});

test('When a cell starts like a formula, holds quotes and commas, or a figure has cents, Then it is written as text, quoted and doubled, the figure as a plain number', async () => {
  const res = await exportCsv({});
  expect(res.body).toContain(`"'=HYPERLINK(""x"")","'@home","TX","Bronze","revenue","150.5","600"`);
  expect(res.body).toContain(`"'+5% ""rebate"", paid"`);
  expect(res.body).toContain(`"Saint ""Quoted"", City"`);
  expect(res.body).not.toContain('"Any"'); // another program's tier
  const other = await exportCsv({}, t.admin, otherProgramId);
  expect(other.headers['content-disposition']).toBe('attachment; filename="achievements_other_program.csv"');
  expect(other.body).toBe(webCsv(await paged({}, otherProgramId)));
});

test('When the program is unknown, Then 404 as the list answers', async () => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-program']) {
    const list = await t.api().get(achievementsPath(id)).set(t.admin);
    const res = await t.api().get(exportPath(id)).set(t.admin);
    expect(list.status).toBe(404);
    expect({ status: res.status, detail: res.body.detail }).toEqual({ status: 404, detail: list.body.detail });
    expect(res.headers['content-disposition']).toBeUndefined();
  }
});

test('When the export is asked with a page or a bad parameter, Then 400 naming it', async () => {
  for (const [query, name] of [
    [{ limit: 5 }, 'limit'],
    [{ cursor: 'abc' }, 'cursor'],
    [{ tier_id: 'bronze' }, 'tier_id'],
    [{ sort: 'dealer_name' }, 'sort'],
    [{ colour: 'red' }, 'colour'],
  ] as const) {
    const res = await t.api().get(exportPath()).query(query).set(t.admin);
    expect({ query, status: res.status }).toEqual({ query, status: 400 });
    expect(String(res.body.detail)).toContain(name);
  }
});

test('When a dealer, a delivery user or nobody asks for the export, Then 403 or 401', async () => {
  expect((await t.api().get(exportPath()).set(t.dealerAuth)).status).toBe(403);
  expect((await t.api().get(exportPath()).set(t.delivery)).status).toBe(403);
  expect((await t.api().get(exportPath())).status).toBe(401);
});

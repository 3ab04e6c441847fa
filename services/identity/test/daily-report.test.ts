/**
 * The daily report and the weekly performance summary (issue 21): two identity instances on one database with
 * one shared test clock, the real order, dealer and incentive services answering the figures, and a real SMTP
 * receiver. Each test moves the clock and runs a round on the replicas the way their timers would.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_NOTIFICATION_SETTINGS, DealerCreated, type NotificationSettings } from '@portal/contracts';
import { dealerService } from '@portal/dealer';
import { incentiveService } from '@portal/incentive';
import { orderService } from '@portal/order';
import { createLogger, type RunningService, startService } from '@portal/platform';
import {
  bearer,
  deliverEvent,
  eventually,
  newDealerSnapshot,
  startTestServices,
  type TestServices,
  withDependencies,
} from '@portal/platform/testing';
import { mailParts, parseMail, type SmtpReceiver, startSmtpReceiver } from '@portal/platform/testing/smtp-receiver';
import { identityService } from '../src/app';
import type { IdentityConfig } from '../src/config';
import { writeSettings } from '../src/data/settings-store';
import type { IdentityDeps } from '../src/dependencies';
import { reportScheduler, runDueReports } from '../src/use-cases/reports/scheduled-reports';
import { startIdentity, type TestIdentity, testMailEnv } from './support/identity';

type Identity = RunningService<IdentityConfig, IdentityDeps>;

let smtp: SmtpReceiver;
let others: TestServices;
let first: TestIdentity;
let second: Identity;
/** the one clock both replicas read */
let now = new Date('2026-11-27T13:59:00Z');
const clock = () => now;
/**
 * The replicas' own timers wait a day between rounds (each still runs one at start): the tests run the rounds,
 * so a timer that fires in a slow run cannot send a report before the test looks.
 */
const testDeps = () => ({ clock, reportScheduler: reportScheduler(24 * 3_600_000) });

/** a replica of the first identity: its database, keys and settings, the shared clock */
const replica = (env: NodeJS.ProcessEnv = first.env) =>
  startService(withDependencies(identityService, testDeps()), env, {
    logger: createLogger('test', 'silent'),
  }) as Promise<Identity>;

const REPORTS_TO = 'reports@example.com';
const saveNotificationSettings = (changes: Partial<NotificationSettings> = {}) =>
  writeSettings(
    first.service.ctx.db.manager,
    'notifications',
    {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      notification_email: REPORTS_TO,
      notify_daily_reports: true,
      daily_report_time: '08:00',
      ...changes,
    },
    'test',
  );

const subjects = () => smtp.received.map((mail) => parseMail(mail.raw).headers.get('subject'));
const partOf = (raw: string, type: string) =>
  mailParts(raw)
    .find((part) => part.contentType === type)
    ?.content.toString('utf8') ?? '';

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  others = await startTestServices([orderService, dealerService, incentiveService], { prefix: 'identity_reports' });
  const keys = others.envOf('order');
  first = await startIdentity(
    'identity_reports_id',
    {
      JWT_PRIVATE_KEY: keys.JWT_PRIVATE_KEY,
      JWT_PUBLIC_KEY: keys.JWT_PUBLIC_KEY,
      ...testMailEnv(smtp),
      ORDER_URL: others.service('order').url,
      DEALER_URL: others.service('dealer').url,
      INCENTIVE_URL: others.service('incentive').url,
    },
    {},
    testDeps(),
  );
  second = await replica();
  await seed();
}, 60_000);

afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await others?.stop();
  await smtp?.stop();
});

/** Chicago is UTC-6 in late November: Nov 26 local is [2026-11-26T06:00Z, 2026-11-27T06:00Z). */
async function seed(): Promise<void> {
  const orderDb = others.service('order').ctx.db;
  const admin = bearer(others.tokenFor({ role: 'admin' }));
  const dealer = newDealerSnapshot({ business_name: 'Prairie <Blinds>' });
  for (const name of ['order', 'incentive'] as const)
    await deliverEvent(others.transport, others.service(name), DealerCreated, dealer.dealer_id, dealer);

  const order = async (dollars: number, createdAt: string, status = 'pending') => {
    const res = await others
      .http('order')
      .post('/api/admin/create-order')
      .set(admin)
      .send({
        dealer_id: dealer.dealer_id,
        product_details: [{ product_id: 'custom_1', description: 'Blind', price: dollars, quantity: 1 }],
        status,
      });
    expect(res.status).toBe(200);
    const orderId = res.body.order.order_id as string;
    await orderDb.query('UPDATE orders SET created_at = $2 WHERE order_id = $1', [orderId, createdAt]);
    return orderId;
  };
  // 23:30 on Nov 26 in Chicago (05:30 on Nov 27 in UTC): in the report of Nov 26
  const late = await order(1200.5, '2026-11-27T05:30:00Z');
  // 00:30 on Nov 26 in Chicago, cancelled since: counted as an order, not as revenue
  await order(99, '2026-11-26T06:30:00Z', 'cancelled');
  // 00:30 on Nov 27 in Chicago: the next day's
  await order(500, '2026-11-27T06:30:00Z');
  // 23:30 on Nov 25 in Chicago, although Nov 26 in UTC: the day before's
  await order(700, '2026-11-26T05:30:00Z', 'confirmed');
  const paid = await others
    .http('order')
    .post('/api/admin/record-payment')
    .set(admin)
    .send({ order_id: late, payment_method: 'card', amount: 200 });
  expect(paid.status).toBe(200);
  await orderDb.query('UPDATE payments SET created_at = $1', ['2026-11-26T18:00:00Z']);

  // dealers: created active, an application approved, an application waiting, and one of the day before
  const dealerDb = others.service('dealer').ctx.db;
  const insertDealer = (status: string, createdAt: string) =>
    dealerDb.query(
      `INSERT INTO dealers (dealer_id, email, business_name, status, announced, created_at)
       VALUES ($1, $2, 'Blinds', $3, $4, $5)`,
      [`R${randomUUID().slice(0, 8)}`, `${randomUUID()}@example.com`, status, status !== 'pending', createdAt],
    );
  await insertDealer('active', '2026-11-26T15:00:00Z');
  await insertDealer('pending', '2026-11-26T16:00:00Z');
  // 00:00 on Nov 27 in Chicago: the next day's
  await insertDealer('pending', '2026-11-27T06:00:00Z');
  await insertDealer('active', '2026-11-26T05:00:00Z');

  // a tier reached in the week of Nov 23-29, and one the week before
  const incentiveDb = others.service('incentive').ctx.db;
  const programId = randomUUID();
  await incentiveDb.query(
    `INSERT INTO programs (id, program_name, start_date, end_date) VALUES ($1, 'Fall Push', '2026-11-01', '2026-12-31')`,
    [programId],
  );
  const achievement = (tier: string, at: string) =>
    incentiveDb.query(
      `INSERT INTO achievements (id, program_id, tier_id, dealer_id, tier_name, metric, threshold_value,
         value_achieved, reward, notify_dealer, achieved_at)
       VALUES ($1, $2, $3, $4, $5, 'revenue', 1000, 1200.5, 'A plaque', false, $6)`,
      [randomUUID(), programId, randomUUID(), dealer.dealer_id, tier, at],
    );
  await achievement('Gold', '2026-11-27T05:30:00Z');
  await achievement('Bronze', '2026-11-20T12:00:00Z');
}

const round = (identity: Identity) => runDueReports(identity.ctx);

test('Before the report minute, Then neither replica sends anything', async () => {
  await saveNotificationSettings();
  now = new Date('2026-11-27T13:59:59Z'); // 07:59:59 in Chicago
  const outcomes = await Promise.all([round(first.service), round(second)]);
  expect(outcomes).toEqual([[], []]);
  expect(smtp.received).toHaveLength(0);
});

test('At the report minute, Then two replicas in the same round send one report of the day before, counted in Chicago', async () => {
  now = new Date('2026-11-27T14:00:00Z'); // 08:00 in Chicago
  const outcomes = (await Promise.all([round(first.service), round(second)])).flat().map((o) => o.outcome);
  expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1);
  expect(smtp.received).toHaveLength(1);
  const [mail] = smtp.received;
  expect(mail?.envelopeTo).toEqual([REPORTS_TO]);
  expect(subjects()).toEqual(['Daily report for Nov 26, 2026']);
  const text = partOf(mail?.raw ?? '', 'text/plain');
  // the 23:30 order and the cancelled one; neither the next day's nor the one of Nov 25 (a UTC Nov 26)
  expect(text).toContain('Orders: 2\n');
  expect(text).toContain('Revenue: $1200.50\n');
  expect(text).toContain('Payments recorded: 1 ($200.00)\n');
  expect(text).toContain('New dealers: 1\n');
  expect(text).toContain('New dealer applications: 1\n');
  // now: the 23:30 order and the next day's are pending; two applicants wait
  expect(text).toContain('Pending orders now: 2\n');
  expect(text).toContain('Pending approvals now: 2');
  expect(partOf(mail?.raw ?? '', 'text/html')).toContain('<td>$1200.50</td>');
});

test('When a replica restarts after the report time, Then the day is not sent again; the next day is', async () => {
  await second.stop();
  now = new Date('2026-11-27T20:00:00Z');
  second = await replica(); // its first round runs at start
  await Promise.all([round(first.service), round(second)]);
  expect(subjects()).toEqual(['Daily report for Nov 26, 2026']);

  now = new Date('2026-11-28T14:00:00Z');
  await Promise.all([round(first.service), round(second)]);
  expect(subjects()).toEqual(['Daily report for Nov 26, 2026', 'Daily report for Nov 27, 2026']);
  const text = partOf(smtp.received[1]?.raw ?? '', 'text/plain');
  expect(text).toContain('Orders: 1\n');
  expect(text).toContain('Revenue: $500.00\n');
});

test('When a service with figures does not answer, Then the report is not sent that round and is sent at the next', async () => {
  now = new Date('2026-11-29T14:30:00Z'); // Sunday
  const cut = await replica({ ...first.env, ORDER_URL: 'http://127.0.0.1:9' });
  try {
    expect((await round(cut)).map((o) => o.outcome)).toEqual(['failed']);
    expect(subjects()).toHaveLength(2);
  } finally {
    await cut.stop();
  }
  await round(first.service);
  expect(subjects()).toHaveLength(3);
  expect(subjects()[2]).toBe('Daily report for Nov 28, 2026');
});

test('On Monday at the report time, Then the weekly performance summary of the week before is sent once too', async () => {
  now = new Date('2026-11-30T14:05:00Z');
  await Promise.all([round(first.service), round(second)]);
  expect(subjects().slice(3).sort()).toEqual([
    'Daily report for Nov 29, 2026',
    'Weekly performance: Nov 23 - Nov 29, 2026',
  ]);
  const weekly = smtp.received.find((mail) => parseMail(mail.raw).headers.get('subject')?.startsWith('Weekly'));
  const text = partOf(weekly?.raw ?? '', 'text/plain');
  // revenue of Nov 23-29 (Chicago): 1200.50 + 500 + 700; the cancelled order not
  expect(text).toContain('1. Prairie <Blinds>: $2400.50 from 3 orders');
  expect(text).toContain('Prairie <Blinds> reached Gold in Fall Push');
  expect(text).not.toContain('Bronze');
  const html = partOf(weekly?.raw ?? '', 'text/html');
  expect(html).toContain('Prairie &lt;Blinds&gt;');
  expect(html).not.toContain('<Blinds>');
});

test('When the daily report is off, Then nothing is sent or claimed that day', async () => {
  await saveNotificationSettings({ notify_daily_reports: false });
  now = new Date('2026-12-01T15:00:00Z');
  const sent = smtp.received.length;
  await Promise.all([round(first.service), round(second)]);
  expect(smtp.received).toHaveLength(sent);
  const claims = await first.service.ctx.db.query(
    `SELECT key FROM sent_notifications WHERE kind = 'daily_report' ORDER BY key`,
  );
  expect(claims.map((row: { key: string }) => row.key)).toEqual([
    '2026-11-27',
    '2026-11-28',
    '2026-11-29',
    '2026-11-30',
  ]);
});

test('When a replica starts after the report time and nobody sent the day yet, Then its first round sends it (late rather than never)', async () => {
  await saveNotificationSettings();
  await second.stop();
  now = new Date('2026-12-02T19:00:00Z'); // 13:00 in Chicago; no round has run this day
  const sent = smtp.received.length;
  second = await replica();
  await eventually(() => expect(subjects().slice(sent)).toEqual(['Daily report for Dec 1, 2026']));
});

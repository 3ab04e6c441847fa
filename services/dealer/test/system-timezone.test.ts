/**
 * Issue 21, the system timezone in the dealer service, with identity as in production: "New Orders This Month"
 * counts the month of the system timezone (an order at 23:30 in Chicago on 30 November counts in November), a
 * note's time shows the zone's abbreviation across both daylight-saving changes, and a change of the timezone
 * saved in identity reaches the dealer service and changes what is shown and counted, never the stored instants.
 * Identity announces the timezone again when it starts, so a service started after the change learns it too.
 */
import { randomUUID } from 'node:crypto';
import { OrderCreated } from '@portal/contracts';
import { identityService } from '@portal/identity';
import {
  createInProcessTransport,
  createLogger,
  type RunningService,
  readSystemTimezone,
  startService,
} from '@portal/platform';
import { deliverEvent, eventually } from '@portal/platform/testing';
import { shippingService } from '@portal/shipping';
import type { DealerContext } from '../src/context';
import { countActiveDealers } from '../src/use-cases/dashboard-stats';
import { dealerForm, startPortal, type TestPortal } from './support/portal';

let portal: TestPortal;
let admin: string;
beforeAll(async () => {
  portal = await startPortal('dealer_system_timezone');
  admin = `Bearer ${portal.adminToken}`;
});
afterAll(() => portal?.stop());

/** 23:30 on 30 November 2026 in Chicago (CST): already 1 December in UTC and in New York */
const MONTH_END = '2026-12-01T05:30:00.000Z';

const dealerApi = () => portal.services.http('dealer');
const identityApi = () => portal.services.http('identity');
const ctx = () => portal.dealer.ctx as DealerContext;
const storedTimezone = (service: RunningService) => readSystemTimezone(service.ctx.db.manager);

/** "New Orders This Month" at `now` */
const newThisMonth = async (now: string) => (await countActiveDealers(ctx(), new Date(now))).order_stats.recent_orders;

/** saves the system timezone in identity, as the admin's settings screen does, and waits until the dealer service keeps it */
async function saveTimezone(system_timezone: string) {
  const res = await identityApi()
    .post('/api/admin/system-configuration')
    .set('authorization', admin)
    .send({ system_timezone });
  expect(res.status).toBe(200);
  await eventually(async () => expect(await storedTimezone(portal.dealer)).toBe(system_timezone));
}

/** a note on a new dealer, stored as written at `instant` */
async function noteWrittenAt(instant: string): Promise<{ dealerId: string }> {
  const created = await dealerApi().post('/api/admin/create-dealer').set('authorization', admin).send(dealerForm());
  expect(created.status).toBe(200);
  const dealerId = created.body.dealer_id as string;
  const added = await dealerApi()
    .post(`/api/admin/add-dealer-note/${dealerId}`)
    .set('authorization', admin)
    .send({ note_text: 'Called about the spring order' });
  expect(added.status).toBe(200);
  await portal.dealer.ctx.db.query('UPDATE dealer_notes SET created_at = $2 WHERE dealer_id = $1', [dealerId, instant]);
  return { dealerId };
}

async function noteShown(dealerId: string): Promise<{ created_at: string; formatted_date: string }> {
  const res = await dealerApi().get(`/api/admin/dealer-notes/${dealerId}`).set('authorization', admin);
  expect(res.status).toBe(200);
  return res.body.notes[0];
}

test('When a note is added, Then its time is shown in the system timezone with the zone’s abbreviation', async () => {
  const created = await dealerApi().post('/api/admin/create-dealer').set('authorization', admin).send(dealerForm());
  const added = await dealerApi()
    .post(`/api/admin/add-dealer-note/${created.body.dealer_id}`)
    .set('authorization', admin)
    .send({ note_text: 'Sent the catalogue' });
  expect(added.status).toBe(200);
  const expected = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', timeZoneName: 'short' })
    .formatToParts(new Date(added.body.note.created_at))
    .find((part) => part.type === 'timeZoneName')?.value;
  expect(added.body.note.formatted_date).toMatch(new RegExp(` at \\d{1,2}:\\d{2} [AP]M ${expected}$`));
});

test.each([
  [MONTH_END, 'Nov 30, 2026 at 11:30 PM CST'],
  ['2026-03-08T07:59:00.000Z', 'Mar 8, 2026 at 1:59 AM CST'], // a minute before clocks spring forward
  ['2026-03-08T08:30:00.000Z', 'Mar 8, 2026 at 3:30 AM CDT'],
  ['2026-11-01T06:30:00.000Z', 'Nov 1, 2026 at 1:30 AM CDT'], // 1:30 happens twice when clocks fall back
  ['2026-11-01T07:30:00.000Z', 'Nov 1, 2026 at 1:30 AM CST'],
])('When a note was written at %s, Then it shows %s (Chicago by default)', async (instant, shown) => {
  const { dealerId } = await noteWrittenAt(instant);
  expect(await noteShown(dealerId)).toEqual(expect.objectContaining({ created_at: instant, formatted_date: shown }));
});

test('When an order is created at 23:30 in Chicago on the last day of a month, Then it counts in that month; with New York saved, in the next', async () => {
  expect(await storedTimezone(portal.dealer)).toBe('America/Chicago'); // nothing announced yet: the default
  const late = { november: '2026-12-01T05:45:00.000Z', december: '2026-12-01T12:00:00.000Z' };
  expect(await newThisMonth(late.november)).toBe(0);
  const orderId = randomUUID();
  await deliverEvent(
    portal.services.transport,
    portal.dealer,
    OrderCreated,
    orderId,
    {
      order_id: orderId,
      dealer_id: 'DTZ00001',
      status: 'pending',
      total_cents: 10000,
      items: [{ product_id: 'p1', title: 'Hub Blind', quantity: 1, price_cents: 10000, is_custom: false }],
      notes: null,
      created_at: MONTH_END,
    },
    { producer: 'order' },
  );
  // 23:45 on 30 November in Chicago: November's order; 06:00 on 1 December there: not December's
  expect(await newThisMonth(late.november)).toBe(1);
  expect(await newThisMonth(late.december)).toBe(0);
  const { dealerId } = await noteWrittenAt(MONTH_END);

  await saveTimezone('America/New_York');
  // in New York the order was placed at 00:30 on 1 December: December's, and November (ending 05:00Z) had none
  expect(await newThisMonth(late.december)).toBe(1);
  expect(await newThisMonth('2026-11-30T12:00:00.000Z')).toBe(0);
  expect(await noteShown(dealerId)).toEqual(
    expect.objectContaining({ created_at: MONTH_END, formatted_date: 'Dec 1, 2026 at 12:30 AM EST' }),
  );
  const stored: { created_at: Date }[] = await portal.dealer.ctx.db.query(
    'SELECT created_at FROM known_orders WHERE order_id = $1',
    [orderId],
  );
  expect(stored[0]?.created_at.toISOString()).toBe(MONTH_END);
});

test('When a service starts after the timezone was changed, Then it learns the timezone once identity starts again', async () => {
  await saveTimezone('America/Denver'); // announced, and delivered to the dealer service
  const logger = createLogger('test', 'silent');
  // a deploy: a new bus, a service that did not run when the change was announced (its copy is empty) ...
  const transport = createInProcessTransport({ logger });
  const late = await startService(shippingService, portal.services.envOf('dealer'), { transport, logger });
  let restarted: RunningService | undefined;
  try {
    expect(await storedTimezone(late)).toBe('America/Chicago');
    // ... and identity started again on it (the old instance stopped first, so only the new one relays)
    await portal.identity.stop();
    restarted = await startService(identityService, portal.services.envOf('identity'), { transport, logger });
    await eventually(async () => expect(await storedTimezone(late)).toBe('America/Denver'));
  } finally {
    await late.stop();
    await restarted?.stop();
    await transport.close();
  }
});

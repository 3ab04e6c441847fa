/**
 * Issue 21, the system timezone in the order service: an order's formatted_date, the CSV export's date column
 * and file name and the invoice's date are days in the system timezone (Chicago until identity announces
 * another), across a month end and both daylight-saving changes; announcing another zone changes what is
 * shown, never the stored instant. Real PostgreSQL; the order's instant is set in the database as if it had
 * been placed then.
 */
import { type SystemTimezone, TimezoneChanged } from '@portal/contracts';
import { readSystemTimezone } from '@portal/platform';
import type { OrderContext } from '../src/context';
import { ordersCsvExport } from '../src/use-cases/order-lists';
import { startOrders, type TestOrders } from './support/orders';
import { pdfText } from './support/pdf-text';

let t: TestOrders;
beforeAll(async () => {
  t = await startOrders('order_system_timezone');
});
afterAll(() => t?.stop());

/** 23:30 on 30 November 2026 in Chicago (CST): 1 December in UTC and in New York */
const MONTH_END = '2026-12-01T05:30:00.000Z';

type Listed = { order_id: string; order_number: string; created_at: string; formatted_date: string };

/** an order of one custom line, placed at `instant` (its stored created_at) */
async function orderPlacedAt(instant: string): Promise<Listed & { dealerId: string }> {
  const dealerId = await t.newDealer({ business_name: 'Timezone Blinds' });
  const res = await t
    .api()
    .post('/api/admin/create-order')
    .set(t.admin)
    .send({
      dealer_id: dealerId,
      product_details: [{ product_id: 'custom_hub', description: 'Hub Blind', quantity: 1, price: 100 }],
    });
  expect(res.status).toBe(200);
  const order = res.body.order as Listed;
  await t.orders.service.ctx.db.query('UPDATE orders SET created_at = $2 WHERE order_id = $1', [
    order.order_id,
    instant,
  ]);
  return { ...order, dealerId };
}

async function listed(order: { order_id: string; dealerId: string }): Promise<Listed> {
  const res = await t.api().get(`/api/admin/dealer-orders/${order.dealerId}`).set(t.admin);
  expect(res.status).toBe(200);
  const found = (res.body.orders as Listed[]).find((o) => o.order_id === order.order_id);
  if (!found) throw new Error(`order ${order.order_id} is not listed`);
  return found;
}

/** the "Order Date" cell of the order's row in the CSV export */
async function csvDate(order: Listed): Promise<string> {
  const res = await t
    .api()
    .get('/api/admin/all-orders/export')
    .query({ q: order.order_number })
    .set(t.admin)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    });
  expect(res.status).toBe(200);
  const rows = (res.body as string).trim().split('\r\n');
  expect(rows).toHaveLength(2);
  return JSON.parse(rows[1]!.split(',')[1]!);
}

async function invoiceText(orderId: string): Promise<string> {
  const res = await t
    .api()
    .get(`/api/admin/invoice-pdf/${orderId}`)
    .set(t.admin)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  return (await pdfText(res.body as Buffer)).text;
}

const announce = (system_timezone: SystemTimezone) =>
  t.deliver(TimezoneChanged, 'system_timezone', { system_timezone });

const exportFilename = async (now: string) =>
  (await ordersCsvExport(t.orders.service.ctx as OrderContext, {}, new Date(now))).filename;

describe('the system timezone in orders', () => {
  afterEach(() => announce('America/Chicago')); // the next test starts from the default again

  test('When an order is created at 23:30 in Chicago on the last day of a month, Then it shows that date everywhere', async () => {
    expect(await readSystemTimezone(t.orders.service.ctx.db.manager)).toBe('America/Chicago'); // nothing announced
    const order = await orderPlacedAt(MONTH_END);
    const shown = await listed(order);
    expect(shown).toMatchObject({ created_at: MONTH_END, formatted_date: 'Nov 30, 2026' });
    expect(await csvDate(shown)).toBe('2026-11-30');
    const invoice = await invoiceText(order.order_id);
    expect(invoice).toContain('Nov 30, 2026');
    expect(invoice).not.toContain('Dec 1, 2026');
    // the export is named after today in Chicago: still 30 November at 23:45 there
    expect(await exportFilename('2026-12-01T05:45:00.000Z')).toBe('orders-2026-11-30.csv');
  });

  test('When identity announces New York, Then the same order shows 1 December; its stored instant is unchanged', async () => {
    const order = await orderPlacedAt(MONTH_END);
    await announce('America/New_York');
    const shown = await listed(order);
    expect(shown).toMatchObject({ created_at: MONTH_END, formatted_date: 'Dec 1, 2026' });
    expect(await csvDate(shown)).toBe('2026-12-01');
    expect(await invoiceText(order.order_id)).toContain('Dec 1, 2026');
    expect(await exportFilename('2026-12-01T05:45:00.000Z')).toBe('orders-2026-12-01.csv');
    const stored: { created_at: Date }[] = await t.orders.service.ctx.db.query(
      'SELECT created_at FROM orders WHERE order_id = $1',
      [order.order_id],
    );
    expect(stored[0]?.created_at.toISOString()).toBe(MONTH_END);

    await announce('America/Chicago');
    expect((await listed(order)).formatted_date).toBe('Nov 30, 2026');
  });

  test.each([
    // 8 March 2026: 02:00 CST becomes 03:00 CDT at 08:00Z, so local midnight moves from 06:00Z to 05:00Z
    ['2026-03-08T05:30:00.000Z', 'Mar 7, 2026', '2026-03-07'], // 23:30 CST on 7 March
    ['2026-03-09T05:30:00.000Z', 'Mar 9, 2026', '2026-03-09'], // 00:30 CDT on 9 March (a fixed −6 says 8 March)
    // 1 November 2026: 02:00 CDT becomes 01:00 CST at 07:00Z, so local midnight moves from 05:00Z to 06:00Z
    ['2026-11-01T05:30:00.000Z', 'Nov 1, 2026', '2026-11-01'], // 00:30 CDT on 1 November (a fixed −6 says 31 October)
    ['2026-11-02T05:30:00.000Z', 'Nov 1, 2026', '2026-11-01'], // 23:30 CST on 1 November
  ])(
    'When an order is placed at %s (around a daylight-saving change), Then it shows %s',
    async (instant, day, isoDay) => {
      const shown = await listed(await orderPlacedAt(instant));
      expect(shown).toMatchObject({ created_at: instant, formatted_date: day });
      expect(await csvDate(shown)).toBe(isoDay);
    },
  );
});

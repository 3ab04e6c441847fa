import { randomUUID } from 'node:crypto';
import {
  DealerArchived,
  DealerRestored,
  DealerUpdated,
  ProductUpdated,
  type SystemTimezone,
  TimezoneChanged,
} from '@portal/contracts';
import { readSystemTimezone } from '@portal/platform';
import { dealerSnapshot, deliverEvent } from '@portal/platform/testing';
import { eventually, startOrders, type TestOrders } from './support/orders';

let t: TestOrders;
beforeAll(async () => {
  t = await startOrders('order_read_models');
});
afterAll(() => t?.stop());

const submit = (dealerId: string, productId: string) =>
  t
    .api()
    .post('/api/dealer/submit-order')
    .set(t.dealerToken(dealerId))
    .send({ product_orders: [{ product_id: productId, quantity: 1 }] });

/** Publishes an event with a chosen id and time (as a late or repeated delivery would arrive). */
async function publishAt(type: string, aggregateId: string, payload: object, occurredAt: string, id = randomUUID()) {
  await t.transport.publish({ id, type, version: 1, occurredAt, producer: 'catalog', aggregateId, payload }, {});
  return id;
}
const applied = async (id: string) => {
  for (let i = 0; i < 250; i++) {
    const rows: unknown[] = await t.orders.service.ctx.db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [
      id,
    ]);
    if (rows.length) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`event ${id} not applied`);
};

describe('the product read model', () => {
  test('When product.updated arrives, Then new orders snapshot the new title and price', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct({ title: 'Old Name', price_cents: 1000 });
    await t.deliver(ProductUpdated, product.product_id, { ...product, title: 'New Name', price_cents: 1250 });
    const res = await submit(dealerId, product.product_id);
    expect(res.body.order.product_details[0]).toMatchObject({ title: 'New Name', price: 12.5 });
  });

  test('When an older product.updated arrives after a newer one, Then the newer snapshot is kept', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct({ title: 'V1' });
    const newer = new Date(Date.now() + 60_000).toISOString();
    const older = new Date(Date.now() + 30_000).toISOString();
    await applied(await publishAt(ProductUpdated.type, product.product_id, { ...product, title: 'V3' }, newer));
    await applied(
      await publishAt(ProductUpdated.type, product.product_id, { ...product, title: 'V2', status: 'inactive' }, older),
    );
    const res = await submit(dealerId, product.product_id);
    expect(res.status).toBe(200);
    expect(res.body.order.product_details[0].title).toBe('V3');
  });
});

describe('the dealer read model', () => {
  test('When dealer.updated arrives, Then orders show the new name; an older archive after a restore is ignored', async () => {
    const dealerId = await t.newDealer({ business_name: 'Before' });
    const product = await t.newProduct();
    await t.deliver(
      DealerUpdated,
      dealerId,
      dealerSnapshot({ dealer_id: dealerId, email: 'x@example.com', business_name: 'After', city: 'Tulsa' }),
    );
    const restoredAt = new Date(Date.now() + 60_000).toISOString();
    await applied(await publishAt(DealerRestored.type, dealerId, { dealer_id: dealerId }, restoredAt));
    await applied(
      await publishAt(
        DealerArchived.type,
        dealerId,
        { dealer_id: dealerId, archived_at: restoredAt },
        new Date(Date.now() + 30_000).toISOString(),
      ),
    );
    const res = await submit(dealerId, product.product_id);
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ dealer_business_name: 'After', dealer_city: 'Tulsa' });
  });
});

describe('the system settings read model', () => {
  const storedTimezone = () => readSystemTimezone(t.orders.service.ctx.db.manager);
  /** settings.timezone_changed as identity announces it, at a chosen time (and with a chosen id to redeliver it) */
  const announce = (system_timezone: SystemTimezone, occurredAt: string, id?: string) =>
    deliverEvent(
      t.transport,
      t.orders.service,
      TimezoneChanged,
      'system_timezone',
      { system_timezone },
      {
        producer: 'identity',
        occurredAt,
        id,
      },
    );
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  test('When settings.timezone_changed arrives out of order and twice, Then the newest announced timezone is kept', async () => {
    expect(await storedTimezone()).toBe('America/Chicago'); // nothing announced yet: the contract's default
    const newer = await announce('America/New_York', inMinutes(2));
    expect(await storedTimezone()).toBe('America/New_York');
    const older = await announce('America/Denver', inMinutes(1)); // late: older than the kept one
    expect(await storedTimezone()).toBe('America/New_York');
    // the same deliveries again (a broker redelivery), and the older one republished under a new id
    await announce('America/New_York', inMinutes(2), newer);
    await announce('America/Denver', inMinutes(1), older);
    await announce('America/Denver', inMinutes(1));
    await eventually(async () => expect(await t.transport.queueStats('order')).toMatchObject({ ready: 0 }));
    expect(await storedTimezone()).toBe('America/New_York');
    const rows: unknown[] = await t.orders.service.ctx.db.query('SELECT system_timezone FROM system_settings');
    expect(rows).toEqual([{ system_timezone: 'America/New_York' }]);
    // a later change is kept
    await announce('America/Los_Angeles', inMinutes(3));
    expect(await storedTimezone()).toBe('America/Los_Angeles');
  });
});

/**
 * all-orders and dealer-orders are read from the database on every request (no list is kept in memory): every
 * change shows at once, on this replica and on another one started on the same database.
 */

import { DealerUpdated } from '@portal/contracts';
import { startService } from '@portal/platform';
import { bearer, dealerSnapshot, testRevocations } from '@portal/platform/testing';
import request from 'supertest';
import { orderService } from '../src/app';
import { startOrders, type TestOrders } from './support/orders';

let t: TestOrders;
beforeAll(async () => {
  t = await startOrders('order_list_reads');
});
afterAll(() => t?.stop());

const list = async (route = '/api/admin/all-orders', app = t.orders.service.app) => {
  const res = await request(app).get(route).set(t.admin);
  expect(res.status).toBe(200);
  return res.body.orders as Array<Record<string, unknown>>;
};
const find = async (orderId: string, route?: string) => (await list(route)).find((o) => o.order_id === orderId);

test('When an order is created, paid, changed or its dealer renamed, Then the next list read shows it', async () => {
  const dealerId = await t.newDealer({ business_name: 'Old Name Blinds' });
  const product = await t.newProduct({ price_cents: 10000 });
  await list(); // the list is built and kept
  const created = await t
    .api()
    .post('/api/admin/create-order')
    .set(t.admin)
    .send({ dealer_id: dealerId, product_details: [{ product_id: product.product_id, quantity: 2 }] });
  expect(created.status).toBe(200);
  const orderId = created.body.order.order_id as string;
  expect((await list())[0]?.order_id).toBe(orderId);

  const paid = await t
    .api()
    .post('/api/admin/record-payment')
    .set(t.admin)
    .send({ order_id: orderId, payment_method: 'cash', amount: 50.5 });
  expect(paid.status).toBe(200);
  expect(await find(orderId)).toMatchObject({ total_paid: 50.5, balance: 149.5, payment_status: 'partially_paid' });

  const edited = await t
    .api()
    .put(`/api/admin/update-order/${orderId}`)
    .set(t.admin)
    .send({ product_details: [{ product_id: product.product_id, quantity: 3 }], status: 'confirmed' });
  expect(edited.status).toBe(200);
  expect(await find(orderId)).toMatchObject({ status: 'confirmed', total_value: 300 });
  expect(await find(orderId, `/api/admin/dealer-orders/${dealerId}`)).toMatchObject({ total_value: 300 });

  await t.deliver(
    DealerUpdated,
    dealerId,
    dealerSnapshot({ dealer_id: dealerId, email: 'renamed@example.com', business_name: 'New Name Blinds' }),
  );
  expect(await find(orderId)).toMatchObject({ dealer_business_name: 'New Name Blinds' });
  expect(await find(orderId, `/api/admin/dealer-orders/${dealerId}`)).toMatchObject({
    dealer_business_name: 'New Name Blinds',
  });
});

test('When another replica changes an order, Then this one lists the change on its next read', async () => {
  const dealerId = await t.newDealer();
  const product = await t.newProduct();
  const order = (
    await t
      .api()
      .post('/api/admin/create-order')
      .set(t.admin)
      .send({ dealer_id: dealerId, product_details: [{ product_id: product.product_id, quantity: 1 }] })
  ).body.order;
  expect(await find(order.order_id)).toMatchObject({ status: 'pending' });
  const revocations = await testRevocations();
  const other = await startService(orderService, t.orders.env, { revocations });
  try {
    const res = await request(other.app)
      .put(`/api/admin/update-order/${order.order_id}`)
      .set(t.admin)
      .send({ status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(await find(order.order_id)).toMatchObject({ status: 'cancelled' });
  } finally {
    await other.stop();
    revocations.stop();
  }
});

test('When the list is asked for with gzip or with its ETag, Then the same JSON arrives gzipped, and 304 while it is unchanged', async () => {
  const plain = await t.api().get('/api/admin/all-orders').set(t.admin);
  // supertest unzips what arrives: the header says it was compressed, the body is the same JSON
  const zipped = await t
    .api()
    .get('/api/admin/all-orders')
    .set({ ...t.admin, 'accept-encoding': 'gzip' });
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(zipped.body).toEqual(plain.body);
  expect(plain.headers['cache-control']).toBe('no-store');
  const again = await t
    .api()
    .get('/api/admin/all-orders')
    .set({ ...t.admin, 'if-none-match': plain.headers.etag });
  expect(again.status).toBe(304);
  const dealer = bearer(t.orders.tokenFor({ role: 'dealer', dealerId: 'DNOBODY' }));
  expect((await t.api().get('/api/admin/all-orders').set(dealer)).status).toBe(403);
});

test('When lists are read at the same moment as orders are created, Then every read shows each order created before it began', async () => {
  const dealerId = await t.newDealer({ business_name: 'Busy Blinds' });
  const product = await t.newProduct({ price_cents: 2500 });
  await list();
  const reads: Promise<void>[] = [];
  for (let round = 0; round < 6; round += 1) {
    const created = await t
      .api()
      .post('/api/admin/create-order')
      .set(t.admin)
      .send({ dealer_id: dealerId, product_details: [{ product_id: product.product_id, quantity: 1 }] });
    expect(created.status).toBe(200);
    const orderId = created.body.order.order_id as string;
    // readers that share a build under way must still see the order committed before they asked
    for (let reader = 0; reader < 5; reader += 1)
      reads.push(list().then((orders) => expect(orders.some((o) => o.order_id === orderId)).toBe(true)));
  }
  await Promise.all(reads);
});

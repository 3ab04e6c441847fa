/**
 * Terms and credit (issue 24): an admin sets a dealer's payment terms and credit limit; a dealer order that would
 * take the unpaid balance over the limit, or arrives while an invoice is more than 30 days past due, is taken
 * but held; a held order cannot be confirmed until an admin releases it with a note (audited). Concurrent
 * orders of one dealer decide one after another, so they cannot both slip under the limit.
 */
import { auditEntriesOf, auditRequestId } from '@portal/platform/testing';
import { startOrders, type TestOrders } from './support/orders';

let t: TestOrders;
beforeAll(async () => {
  t = await startOrders('order_credit_hold');
});
afterAll(() => t?.stop());

const terms = (dealerId: string) => `/api/admin/dealer-terms/${dealerId}`;
const release = (orderId: string) => `/api/admin/release-order-hold/${orderId}`;

async function setTerms(dealerId: string, body: { payment_terms_days: number; credit_limit: number | null }) {
  const res = await t.api().put(terms(dealerId)).set(t.admin).send(body);
  expect(res.status).toBe(200);
  return res;
}

function submit(dealerId: string, productId: string, quantity = 1) {
  return t
    .api()
    .post('/api/dealer/submit-order')
    .set(t.dealerToken(dealerId))
    .send({ product_orders: [{ product_id: productId, quantity }] });
}

/** A dealer with a held order: limit $100, an order of $100.01. */
async function heldOrder() {
  const dealerId = await t.newDealer();
  const product = await t.newProduct({ price_cents: 10_001 });
  await setTerms(dealerId, { payment_terms_days: 30, credit_limit: 100 });
  const res = await submit(dealerId, product.product_id);
  expect(res.status).toBe(200);
  expect(res.body.order.on_hold).toBe(true);
  return { dealerId, orderId: res.body.order_id as string };
}

describe('dealer terms', () => {
  test('When a dealer has no terms, Then GET answers the default 30 days and no limit', async () => {
    const dealerId = await t.newDealer();
    const res = await t.api().get(terms(dealerId)).set(t.admin);
    expect(res.status).toBe(200);
    expect(res.body.terms).toEqual({
      dealer_id: dealerId,
      payment_terms_days: 30,
      terms_are_default: true,
      credit_limit: null,
    });
  });

  test('When an admin sets terms and a limit, Then PUT and GET answer them in dollars; null removes the limit', async () => {
    const dealerId = await t.newDealer();
    const put = await setTerms(dealerId, { payment_terms_days: 45, credit_limit: 1234.56 });
    expect(put.body.terms).toEqual({
      dealer_id: dealerId,
      payment_terms_days: 45,
      terms_are_default: false,
      credit_limit: 1234.56,
    });
    const read = await t.api().get(terms(dealerId)).set(t.admin);
    expect(read.body.terms).toEqual(put.body.terms);
    await setTerms(dealerId, { payment_terms_days: 0, credit_limit: null });
    const cleared = await t.api().get(terms(dealerId)).set(t.admin);
    expect(cleared.body.terms).toMatchObject({ payment_terms_days: 0, credit_limit: null });
  });

  test('When terms are out of range or the limit is not money, Then 400 with a clear detail', async () => {
    const dealerId = await t.newDealer();
    const days = await t.api().put(terms(dealerId)).set(t.admin).send({ payment_terms_days: 366, credit_limit: null });
    expect(days.status).toBe(400);
    expect(days.body.detail).toContain('Payment terms must be a whole number of days from 0 to 365');
    const limit = await t.api().put(terms(dealerId)).set(t.admin).send({ payment_terms_days: 30, credit_limit: -5 });
    expect(limit.status).toBe(400);
    expect(limit.body.detail).toContain('must not be negative');
  });

  test('When a dealer (even for itself) or a driver asks, Then 403', async () => {
    const dealerId = await t.newDealer();
    const asDealer = t.dealerToken(dealerId);
    expect((await t.api().get(terms(dealerId)).set(asDealer)).status).toBe(403);
    const put = await t.api().put(terms(dealerId)).set(asDealer).send({ payment_terms_days: 90, credit_limit: null });
    expect(put.status).toBe(403);
    expect((await t.api().get(terms(dealerId)).set(t.delivery)).status).toBe(403);
  });
});

describe('credit hold at submit', () => {
  test('When an order fits the limit exactly, Then it is not held; the next one over it is, and the dealer is told', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct({ price_cents: 15_000 });
    await setTerms(dealerId, { payment_terms_days: 30, credit_limit: 300 });
    const fits = await submit(dealerId, product.product_id, 2);
    expect(fits.status).toBe(200);
    expect(fits.body.order).toMatchObject({ on_hold: false, hold_reason: null, status: 'pending' });
    expect(fits.body.message).toBe('Order submitted successfully! Your request has been sent for processing.');

    const over = await submit(dealerId, product.product_id, 1);
    expect(over.status).toBe(200);
    expect(over.body.order).toMatchObject({
      on_hold: true,
      hold_reason: 'Over the credit limit of $300.00',
      status: 'pending',
    });
    expect(over.body.message).toContain('Your order was received and is on hold: Over the credit limit of $300.00');
    const listed = await t.api().get(`/api/admin/dealer-orders/${dealerId}`).set(t.dealerToken(dealerId));
    const seen = listed.body.orders.find((o: { order_id: string }) => o.order_id === over.body.order_id);
    expect(seen).toMatchObject({ on_hold: true, hold_reason: 'Over the credit limit of $300.00' });
  });

  test('When earlier orders are paid or cancelled, Then they no longer count toward the balance', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct({ price_cents: 20_000 });
    await setTerms(dealerId, { payment_terms_days: 30, credit_limit: 300 });
    const first = await submit(dealerId, product.product_id);
    const second = await submit(dealerId, product.product_id);
    expect([first.body.order.on_hold, second.body.order.on_hold]).toEqual([false, true]);
    const paid = await t
      .api()
      .post('/api/admin/record-payment')
      .set(t.admin)
      .send({ order_id: first.body.order_id, payment_method: 'cash', amount: 200 });
    expect(paid.status).toBe(200);
    const cancelled = await t
      .api()
      .put(`/api/admin/update-order/${second.body.order_id}`)
      .set(t.admin)
      .send({ status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    const third = await submit(dealerId, product.product_id);
    expect(third.body.order.on_hold).toBe(false);
  });

  test('When an unpaid invoice is more than 30 days past due, Then a new order is held though there is no limit', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct({ price_cents: 5_000 });
    await setTerms(dealerId, { payment_terms_days: 10, credit_limit: null });
    const old = await submit(dealerId, product.product_id);
    const confirmed = await t
      .api()
      .put(`/api/admin/update-order/${old.body.order_id}`)
      .set(t.admin)
      .send({ status: 'confirmed' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.order.confirmed_at).toEqual(expect.any(String));
    const db = t.orders.service.ctx.db;
    // confirmed 39 days ago under 10-day terms: 29 days past due, not yet held
    await db.query("UPDATE orders SET confirmed_at = now() - interval '39 days' WHERE order_id = $1", [
      old.body.order_id,
    ]);
    expect((await submit(dealerId, product.product_id)).body.order.on_hold).toBe(false);
    // confirmed 41 days ago: 31 days past due
    await db.query("UPDATE orders SET confirmed_at = now() - interval '41 days' WHERE order_id = $1", [
      old.body.order_id,
    ]);
    const held = await submit(dealerId, product.product_id);
    expect(held.body.order).toMatchObject({ on_hold: true, hold_reason: 'An invoice is more than 30 days past due' });
    expect(held.body.message).toContain('on hold: An invoice is more than 30 days past due');
  });
});

describe('a held order and its release', () => {
  test('When an admin confirms a held order, Then 409 with a clear detail and the order stays pending', async () => {
    const { orderId } = await heldOrder();
    const res = await t.api().put(`/api/admin/update-order/${orderId}`).set(t.admin).send({ status: 'confirmed' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(
      'Error: This order is on hold (Over the credit limit of $100.00) and cannot be confirmed until an admin releases the hold',
    );
    const shipped = await t.api().put(`/api/admin/update-order/${orderId}`).set(t.admin).send({ status: 'delivered' });
    expect(shipped.status).toBe(409);
    const noted = await t.api().put(`/api/admin/update-order/${orderId}`).set(t.admin).send({ notes: 'called' });
    expect(noted.status).toBe(200);
    expect(noted.body.order).toMatchObject({ status: 'pending', on_hold: true, confirmed_at: null });
  });

  test('When an admin releases the hold with a note, Then it is kept and audited, and the order can be confirmed', async () => {
    const { orderId } = await heldOrder();
    const requestId = auditRequestId();
    const res = await t
      .api()
      .post(release(orderId))
      .set(t.admin)
      .set('x-request-id', requestId)
      .send({ note: 'Paid by phone, check in the mail' });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({
      on_hold: false,
      hold_reason: 'Over the credit limit of $100.00',
      hold_release_note: 'Paid by phone, check in the mail',
      hold_released_at: expect.any(String),
    });
    const entries = await auditEntriesOf(t.orders.service.ctx.db, requestId);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'order.hold_released',
        entity: 'order',
        entity_id: orderId,
        actor_role: 'admin',
      }),
    ]);
    expect(entries[0]?.changes).toMatchObject({
      on_hold: [true, false],
      hold_release_note: [null, 'Paid by phone, check in the mail'],
    });

    const confirmed = await t
      .api()
      .put(`/api/admin/update-order/${orderId}`)
      .set(t.admin)
      .send({ status: 'confirmed' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.order.confirmed_at).toEqual(expect.any(String));
    const again = await t.api().post(release(orderId)).set(t.admin).send({ note: 'twice' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Error: This order is not on hold');
  });

  test('When the note is missing or too long, or a dealer releases, Then it is refused and the order stays held', async () => {
    const { dealerId, orderId } = await heldOrder();
    const blank = await t.api().post(release(orderId)).set(t.admin).send({ note: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toContain('Please say why the hold is released');
    const long = await t
      .api()
      .post(release(orderId))
      .set(t.admin)
      .send({ note: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    const byDealer = await t.api().post(release(orderId)).set(t.dealerToken(dealerId)).send({ note: 'let me' });
    expect(byDealer.status).toBe(403);
    const unknown = await t.api().post(release('no-such-order')).set(t.admin).send({ note: 'ok' });
    expect(unknown.status).toBe(404);
    const order = await t.api().get(`/api/admin/dealer-orders/${dealerId}`).set(t.admin);
    expect(order.body.orders[0]).toMatchObject({ order_id: orderId, on_hold: true, hold_release_note: null });
  });
});

describe('finding the held orders', () => {
  test('When the orders lists are filtered by on_hold, Then the held ones (and only they) with their total; a released one leaves', async () => {
    const first = await heldOrder();
    const second = await heldOrder();
    const held = async (query: Record<string, string>) => {
      const res = await t
        .api()
        .get('/api/admin/all-orders')
        .query({ on_hold: 'true', limit: '200', ...query })
        .set(t.admin);
      expect(res.status).toBe(200);
      expect(res.body.orders.every((order: { on_hold: boolean }) => order.on_hold)).toBe(true);
      return res.body as { orders: { order_id: string }[]; total: number };
    };
    const before = await held({});
    expect(before.orders.map((order) => order.order_id)).toEqual(
      expect.arrayContaining([first.orderId, second.orderId]),
    );
    expect(before.total).toBe(before.orders.length);
    // the others: no held order among them, and together they are every order
    const others = await t.api().get('/api/admin/all-orders').query({ on_hold: 'false', limit: '1' }).set(t.admin);
    const all = await t.api().get('/api/admin/all-orders').query({ limit: '1' }).set(t.admin);
    expect(others.body.total + before.total).toBe(all.body.total);
    // within a dealer's list, and combined with a status
    const own = await t.api().get(`/api/admin/dealer-orders/${first.dealerId}`).query({ on_hold: 'true' }).set(t.admin);
    expect(own.body.orders.map((order: { order_id: string }) => order.order_id)).toEqual([first.orderId]);
    expect((await held({ status: 'confirmed' })).orders).toEqual([]);

    expect((await t.api().post(release(first.orderId)).set(t.admin).send({ note: 'Paid' })).status).toBe(200);
    const after = await held({});
    expect(after.orders.map((order) => order.order_id)).not.toContain(first.orderId);
    expect(after.total).toBe(before.total - 1);
    const bad = await t.api().get('/api/admin/all-orders').query({ on_hold: 'maybe' }).set(t.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('on_hold');
  });
});

describe('concurrent orders against the limit', () => {
  test('When 10 orders of one dealer arrive at once, Then exactly as many as fit the limit are not held', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct({ price_cents: 10_000 });
    // $450: four $100 orders fit, the fifth would take the balance to $500
    await setTerms(dealerId, { payment_terms_days: 30, credit_limit: 450 });
    const results = await Promise.all(Array.from({ length: 10 }, () => submit(dealerId, product.product_id)));
    expect(results.map((res) => res.status)).toEqual(Array(10).fill(200));
    const held = results.filter((res) => res.body.order.on_hold);
    expect(results.length - held.length).toBe(4);
    expect(held).toHaveLength(6);
    const db = t.orders.service.ctx.db;
    const rows: { unheld: string }[] = await db.query(
      'SELECT COALESCE(SUM(total_cents), 0)::text AS unheld FROM orders WHERE dealer_id = $1 AND NOT on_hold',
      [dealerId],
    );
    expect(Number(rows[0]?.unheld)).toBe(40_000);
  });
});

/**
 * Issue 24, the company's default payment terms in the order service: identity announces
 * `settings.payment_terms_changed`; the order service keeps the newest announcement (by its changed_at) and a
 * dealer without terms of its own is answered and judged by it — GET dealer-terms, and the due date the credit
 * hold counts from (an order is due the terms' days after it is confirmed). Until an announcement, 30 days.
 */
import { PaymentTermsChanged } from '@portal/contracts';
import { deliverEvent } from '@portal/platform/testing';
import { startOrders, type TestOrders } from './support/orders';

let t: TestOrders;
beforeAll(async () => {
  t = await startOrders('order_default_terms');
});
afterAll(() => t?.stop());

/** identity's announcement of `days`, changed at `changedAt`; resolves once the order service applied it */
const announce = (days: number, changedAt: string, opts: { id?: string } = {}) =>
  deliverEvent(
    t.transport,
    t.orders.service,
    PaymentTermsChanged,
    'default_payment_terms',
    { default_payment_terms_days: days, changed_at: changedAt },
    { producer: 'identity', ...opts },
  );

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function termsOf(dealerId: string) {
  const res = await t.api().get(`/api/admin/dealer-terms/${dealerId}`).set(t.admin);
  expect(res.status).toBe(200);
  return res.body.terms as { payment_terms_days: number; terms_are_default: boolean };
}

function submit(dealerId: string, productId: string) {
  return t
    .api()
    .post('/api/dealer/submit-order')
    .set(t.dealerToken(dealerId))
    .send({ product_orders: [{ product_id: productId, quantity: 1 }] });
}

/** A dealer without terms of its own, with an unpaid order confirmed `days` days ago. */
async function dealerOwingSince(days: number) {
  const dealerId = await t.newDealer();
  const product = await t.newProduct({ price_cents: 5_000 });
  const old = await submit(dealerId, product.product_id);
  expect(old.body.order.on_hold).toBe(false);
  const confirmed = await t
    .api()
    .put(`/api/admin/update-order/${old.body.order_id}`)
    .set(t.admin)
    .send({ status: 'confirmed' });
  expect(confirmed.status).toBe(200);
  await t.orders.service.ctx.db.query(
    'UPDATE orders SET confirmed_at = now() - make_interval(days => $2) WHERE order_id = $1',
    [old.body.order_id, days],
  );
  return { dealerId, productId: product.product_id };
}

// The tests run in order: each announcement is newer than the one before.
describe('the default payment terms', () => {
  test('When identity has announced nothing, Then a dealer without terms of its own gets 30 days (default)', async () => {
    const dealerId = await t.newDealer();
    expect(await termsOf(dealerId)).toMatchObject({ payment_terms_days: 30, terms_are_default: true });
  });

  test('When identity announces 10 days, Then dealers without own terms get 10, dealers with their own keep theirs', async () => {
    const plain = await t.newDealer();
    const own = await t.newDealer();
    const put = await t
      .api()
      .put(`/api/admin/dealer-terms/${own}`)
      .set(t.admin)
      .send({ payment_terms_days: 45, credit_limit: null });
    expect(put.status).toBe(200);
    await announce(10, minutesAgo(10));
    expect(await termsOf(plain)).toMatchObject({ payment_terms_days: 10, terms_are_default: true });
    expect(await termsOf(own)).toMatchObject({ payment_terms_days: 45, terms_are_default: false });
  });

  test('When an order was confirmed 41 days ago, Then under the 10-day default it is 31 days past due and a new order is held', async () => {
    const { dealerId, productId } = await dealerOwingSince(41);
    const held = await submit(dealerId, productId);
    expect(held.status).toBe(200);
    expect(held.body.order).toMatchObject({ on_hold: true, hold_reason: 'An invoice is more than 30 days past due' });
  });

  test('When identity announces 30 days again, Then the same age of debt (11 days past due) no longer holds an order', async () => {
    await announce(30, minutesAgo(5));
    const { dealerId, productId } = await dealerOwingSince(41);
    expect(await termsOf(dealerId)).toMatchObject({ payment_terms_days: 30, terms_are_default: true });
    const taken = await submit(dealerId, productId);
    expect(taken.status).toBe(200);
    expect(taken.body.order).toMatchObject({ on_hold: false, hold_reason: null });
  });

  test('When an older announcement arrives late (delivered after, changed before), Then it is ignored', async () => {
    await announce(0, minutesAgo(8)); // changed between the 10-day and the 30-day announcements
    const dealerId = await t.newDealer();
    expect((await termsOf(dealerId)).payment_terms_days).toBe(30);
    const { dealerId: owing, productId } = await dealerOwingSince(41);
    expect((await submit(owing, productId)).body.order.on_hold).toBe(false);
  });

  test('When the same announcement is delivered twice, Then it is applied once and a newer one still wins', async () => {
    const id = await announce(60, minutesAgo(1));
    await announce(60, minutesAgo(1), { id });
    const rows: unknown[] = await t.orders.service.ctx.db.query('SELECT * FROM default_payment_terms');
    expect(rows).toEqual([expect.objectContaining({ payment_terms_days: 60 })]);
    await announce(0, new Date().toISOString());
    const { dealerId, productId } = await dealerOwingSince(31);
    expect(await termsOf(dealerId)).toMatchObject({ payment_terms_days: 0, terms_are_default: true });
    // due on confirmation: 31 days past due
    expect((await submit(dealerId, productId)).body.order.on_hold).toBe(true);
  });
});

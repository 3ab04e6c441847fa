/**
 * GET /api/admin/dealer-order-summary/{dealer_id}: a dealer's order figures summed by the database over all its
 * orders (the dealer Overview and the admin's dealer detail), with the rules of domain/order-summary.ts.
 */
import { startOrders, type TestOrders } from './support/orders';

let t: TestOrders;
let dealerId: string;
let otherDealerId: string;
beforeAll(async () => {
  t = await startOrders('order_summary');
  dealerId = await t.newDealer({ business_name: 'Summit Supply' });
  otherDealerId = await t.newDealer({ business_name: 'Other Outfitters' });
});
afterAll(() => t?.stop());

const summaryOf = (id: string, auth = t.admin) => t.api().get(`/api/admin/dealer-order-summary/${id}`).set(auth);

async function createOrder(dealer: string, status: string, priceCents: number, quantity = 1): Promise<string> {
  const product = await t.newProduct({ price_cents: priceCents });
  const res = await t
    .api()
    .post('/api/admin/create-order')
    .set(t.admin)
    .send({ dealer_id: dealer, status, product_details: [{ product_id: product.product_id, quantity }] });
  expect(res.status).toBe(200);
  return res.body.order.order_id;
}

async function pay(orderId: string, amount: number): Promise<void> {
  const res = await t
    .api()
    .post('/api/admin/record-payment')
    .set(t.admin)
    .send({ order_id: orderId, payment_method: 'cash', amount });
  expect(res.status).toBe(200);
}

const ZEROS = { order_count: 0, open_order_count: 0, billed: 0, paid: 0, balance: 0 };

describe('dealer order summary', () => {
  test('When a dealer has no orders yet, or the dealer is unknown, Then every figure is zero', async () => {
    const empty = await summaryOf(dealerId);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ success: true, summary: ZEROS });
    const unknown = await summaryOf('no-such-dealer');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ success: true, summary: ZEROS });
  });

  test('When a dealer has orders of several statuses and payments, Then open leaves out delivered and cancelled, and a cancelled order is neither billed nor owed but its payment counts as paid', async () => {
    const pending = await createOrder(dealerId, 'pending', 10000); // $100.00, $30.00 paid: owes $70.00
    await pay(pending, 30);
    await createOrder(dealerId, 'confirmed', 2500, 2); // $50.00 unpaid
    const delivered = await createOrder(dealerId, 'delivered', 1000, 2); // $20.00 paid in full
    await pay(delivered, 20);
    const cancelled = await createOrder(dealerId, 'pending', 4000); // $40.00, $10.01 paid, then cancelled
    await pay(cancelled, 10.01);
    const cancel = await t.api().put(`/api/admin/update-order/${cancelled}`).set(t.admin).send({ status: 'cancelled' });
    expect(cancel.status).toBe(200);
    await createOrder(dealerId, 'shipped', 1234); // $12.34 unpaid
    await createOrder(otherDealerId, 'pending', 99999); // another dealer's order counts for that dealer only

    const res = await summaryOf(dealerId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      summary: { order_count: 5, open_order_count: 3, billed: 182.34, paid: 60.01, balance: 132.34 },
    });
    const other = await summaryOf(otherDealerId);
    expect(other.body.summary).toEqual({
      order_count: 1,
      open_order_count: 1,
      billed: 999.99,
      paid: 0,
      balance: 999.99,
    });
  });

  test("When the summary is read, Then its figures are those of the dealer's whole order list", async () => {
    const list = await t.api().get(`/api/admin/dealer-orders/${dealerId}`).set(t.admin);
    expect(list.status).toBe(200);
    const orders: { status: string; total_value: number; total_paid: number }[] = list.body.orders;
    const cents = (dollars: number) => Math.round(dollars * 100);
    const live = orders.filter((o) => o.status !== 'cancelled');
    const res = await summaryOf(dealerId);
    expect(res.body.summary).toEqual({
      order_count: orders.length,
      open_order_count: orders.filter((o) => o.status !== 'delivered' && o.status !== 'cancelled').length,
      billed: live.reduce((sum, o) => sum + cents(o.total_value), 0) / 100,
      paid: orders.reduce((sum, o) => sum + cents(o.total_paid), 0) / 100,
      balance: live.reduce((sum, o) => sum + cents(o.total_value) - cents(o.total_paid), 0) / 100,
    });
  });

  test("When a dealer reads its own summary, Then 200; another dealer's, Then 403; delivery, Then 403; nobody, Then 401", async () => {
    expect((await summaryOf(dealerId, t.dealerToken(dealerId))).status).toBe(200);
    const own = await summaryOf(dealerId, t.dealerToken(dealerId));
    expect(own.body.summary.order_count).toBe(5);
    expect((await summaryOf(otherDealerId, t.dealerToken(dealerId))).status).toBe(403);
    expect((await summaryOf(dealerId, t.delivery)).status).toBe(403);
    expect((await t.api().get(`/api/admin/dealer-order-summary/${dealerId}`)).status).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import { DealerArchived, DealerRestored, ProductDeleted, ProductUpdated } from '@portal/contracts';
import { eventually, startOrders, type TestOrders } from './support/orders';

let t: TestOrders;
beforeAll(async () => {
  t = await startOrders('order_orders');
});
afterAll(() => t?.stop());

const api = () => t.api();
const submit = (dealerId: string, body: object, key?: string) => {
  const req = api().post('/api/dealer/submit-order').set(t.dealerToken(dealerId));
  if (key) req.set('Idempotency-Key', key);
  return req.send(body);
};
const dealerOrderList = async (dealerId: string) => {
  const res = await api().get(`/api/admin/dealer-orders/${dealerId}`).set(t.admin);
  expect(res.status).toBe(200);
  return res.body.orders as Array<Record<string, unknown>>;
};
const eventsOf = (orderId: string) => t.events.filter((event) => event.aggregateId === orderId);

/** An admin's order for a new dealer: one catalogue product (2 × $249.99 = $499.98). */
async function adminOrder(status = 'pending') {
  const dealerId = await t.newDealer();
  const product = await t.newProduct();
  const res = await api()
    .post('/api/admin/create-order')
    .set(t.admin)
    .send({ dealer_id: dealerId, product_details: [{ product_id: product.product_id, quantity: 2 }], status });
  expect(res.status).toBe(200);
  return { dealerId, product, order: res.body.order as { order_id: string; product_details: object[] } };
}

describe('submit-order (dealer)', () => {
  test('When a dealer orders active products, Then one pending unpaid order snapshots them and order.created carries cents', async () => {
    const dealerId = await t.newDealer({ business_name: 'Timber Blinds', city: 'Waco', state: 'TX' });
    const hub = await t.newProduct({ title: 'Hub Blind', price_cents: 24999 });
    const chair = await t.newProduct({ title: 'Blind Chair', price_cents: 1015 });

    const res = await submit(dealerId, {
      product_orders: [
        { product_id: hub.product_id, quantity: 2 },
        { product_id: chair.product_id, quantity: 3 },
        { product_id: (await t.newProduct()).product_id, quantity: 0 },
      ],
      notes: 'Deliver in spring',
      dealer_id: 'SOMEONE-ELSE',
    });

    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Order submitted successfully! Your request has been sent for processing.');
    const order = res.body.order;
    expect(res.body.order_id).toBe(order.order_id);
    expect(order).toMatchObject({
      order_number: order.order_id.slice(-8).toUpperCase(),
      dealer_id: dealerId, // the token's dealer, never the body's
      status: 'pending',
      payment_status: 'unpaid',
      total_value: 530.43, // 2 × 249.99 + 3 × 10.15
      total_paid: 0,
      balance: 530.43,
      payments: [],
      notes: 'Deliver in spring',
      dealer_business_name: 'Timber Blinds',
      dealer_city: 'Waco',
      dealer_state: 'TX',
      dealer_info: { business_name: 'Timber Blinds', city: 'Waco', state: 'TX', phone: '555-0100' },
      product_details: [
        { product_id: hub.product_id, title: 'Hub Blind', quantity: 2, price: 249.99, total: 499.98, is_custom: false },
        {
          product_id: chair.product_id,
          title: 'Blind Chair',
          quantity: 3,
          price: 10.15,
          total: 30.45,
          is_custom: false,
        },
      ],
    });
    expect(order.formatted_date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const [created] = await eventually(() => {
      const found = eventsOf(order.order_id);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(created?.type).toBe('order.created');
    expect(created?.payload).toMatchObject({
      order_id: order.order_id,
      dealer_id: dealerId,
      status: 'pending',
      total_cents: 53043,
      items: [
        { product_id: hub.product_id, title: 'Hub Blind', quantity: 2, price_cents: 24999, is_custom: false },
        { product_id: chair.product_id, title: 'Blind Chair', quantity: 3, price_cents: 1015, is_custom: false },
      ],
    });

    // a later price change does not rewrite the order's lines
    await t.deliver(ProductUpdated, hub.product_id, { ...hub, title: 'Hub Blind XL', price_cents: 99999 });
    const [listed] = await dealerOrderList(dealerId);
    expect(listed).toMatchObject({ total_value: 530.43, product_details: [{ title: 'Hub Blind', price: 249.99 }, {}] });
  });

  test('When every quantity is 0, Then the spec message is answered and no order is made', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct();
    const res = await submit(dealerId, { product_orders: [{ product_id: product.product_id, quantity: 0 }] });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Error: Please select at least one product to order');
    const none = await submit(dealerId, { product_orders: [] });
    expect(none.body.detail).toBe('Error: Please select at least one product to order');
    expect(await dealerOrderList(dealerId)).toEqual([]);
  });

  test.each([
    [101, 'Error: Quantity must be between 0 and 100'],
    [-1, 'Error: Quantity must be between 0 and 100'],
    [1.5, 'Error: Quantity must be a whole number'],
  ])('When a quantity is %p, Then it is refused with %p', async (quantity, detail) => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct();
    const res = await submit(dealerId, { product_orders: [{ product_id: product.product_id, quantity }] });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });

  test('When a product is inactive, admin_only, deleted or unknown, Then a dealer cannot order it', async () => {
    const dealerId = await t.newDealer();
    for (const status of ['inactive', 'admin_only'] as const) {
      const product = await t.newProduct({ status });
      const res = await submit(dealerId, { product_orders: [{ product_id: product.product_id, quantity: 1 }] });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(`Error: Product ${product.product_id} is not available to order`);
    }
    const deleted = await t.newProduct();
    await t.deliver(ProductDeleted, deleted.product_id, deleted);
    const gone = await submit(dealerId, { product_orders: [{ product_id: deleted.product_id, quantity: 1 }] });
    expect(gone.body.detail).toBe(`Error: Product ${deleted.product_id} is not available to order`);
    const unknown = await submit(dealerId, { product_orders: [{ product_id: 'no-such-product', quantity: 1 }] });
    expect(unknown.body.detail).toBe('Error: Product no-such-product is not available to order');
    expect(await dealerOrderList(dealerId)).toEqual([]);
  });

  test('When a product is listed twice, Then the order is refused', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct();
    const line = { product_id: product.product_id, quantity: 1 };
    const res = await submit(dealerId, { product_orders: [line, line] });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Error: Each product may appear only once in an order; change its quantity instead');
  });

  test('When the dealer is archived, Then it cannot order; once restored it can', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct();
    const body = { product_orders: [{ product_id: product.product_id, quantity: 1 }] };
    await t.archiveDealer(dealerId);
    const refused = await submit(dealerId, body);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(
      'Error: This dealer account is archived and cannot place orders. Please contact administration.',
    );
    await t.deliver(DealerRestored, dealerId, { dealer_id: dealerId });
    expect((await submit(dealerId, body)).status).toBe(200);
  });

  test('When the token names no dealer the order service knows, Then the order is refused', async () => {
    const product = await t.newProduct();
    const res = await submit('D-UNKNOWN', { product_orders: [{ product_id: product.product_id, quantity: 1 }] });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Error: No dealer record belongs to this account');
  });

  test('When admin, delivery or nobody submits, Then 403, 403 and 401', async () => {
    const body = { product_orders: [{ product_id: 'p', quantity: 1 }] };
    expect((await api().post('/api/dealer/submit-order').set(t.admin).send(body)).status).toBe(403);
    expect((await api().post('/api/dealer/submit-order').set(t.delivery).send(body)).status).toBe(403);
    expect((await api().post('/api/dealer/submit-order').send(body)).status).toBe(401);
  });
});

describe('idempotent submit', () => {
  test('When a submit is retried with the same Idempotency-Key, Then it answers the same order and one order exists', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct();
    const body = { product_orders: [{ product_id: product.product_id, quantity: 2 }] };
    const key = randomUUID();
    const first = await submit(dealerId, body, key);
    const retry = await submit(dealerId, body, key);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.order_id).toBe(first.body.order_id);
    expect(await dealerOrderList(dealerId)).toHaveLength(1);
    await eventually(() => expect(eventsOf(first.body.order_id)).toHaveLength(1));
  });

  test('When a double click sends 4 submits with one key at once, Then one order is made', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct();
    const body = { product_orders: [{ product_id: product.product_id, quantity: 1 }], idempotency_key: 'click-1' };
    const answers = await Promise.all([1, 2, 3, 4].map(() => submit(dealerId, body)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((res) => res.body.order_id)).size).toBe(1);
    expect(await dealerOrderList(dealerId)).toHaveLength(1);
  });

  test('When a used key comes with a different order, Then it is refused; without a key each submit is an order', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct();
    const key = randomUUID();
    await submit(dealerId, { product_orders: [{ product_id: product.product_id, quantity: 1 }] }, key);
    const reused = await submit(dealerId, { product_orders: [{ product_id: product.product_id, quantity: 5 }] }, key);
    expect(reused.status).toBe(409);
    expect(reused.body.detail).toBe('Error: This idempotency key was already used for a different order');
    const body = { product_orders: [{ product_id: product.product_id, quantity: 1 }] };
    await submit(dealerId, body);
    await submit(dealerId, body);
    expect(await dealerOrderList(dealerId)).toHaveLength(3);
  });

  test('When the header and the body name different keys, Then the submit is refused', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct();
    const res = await submit(
      dealerId,
      { product_orders: [{ product_id: product.product_id, quantity: 1 }], idempotency_key: 'a' },
      'b',
    );
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Error: The Idempotency-Key header and the idempotency_key field differ');
  });
});

describe('order lists', () => {
  test('When orders are listed, Then all-orders and dealer-orders answer them newest first', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct();
    const ids: string[] = [];
    for (const quantity of [1, 2, 3]) {
      const res = await submit(dealerId, { product_orders: [{ product_id: product.product_id, quantity }] });
      ids.push(res.body.order_id);
    }
    expect((await dealerOrderList(dealerId)).map((order) => order.order_id)).toEqual([...ids].reverse());
    for (const auth of [t.admin, t.delivery]) {
      const all = await api().get('/api/admin/all-orders').set(auth);
      expect(all.status).toBe(200);
      const mine = (all.body.orders as { order_id: string }[]).filter((order) => ids.includes(order.order_id));
      expect(mine.map((order) => order.order_id)).toEqual([...ids].reverse());
      const dates = (all.body.orders as { created_at: string }[]).map((order) => order.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
    }
  });

  test('When a dealer reads dealer-orders, Then only its own (delivery none); all-orders is not for dealers or nobody', async () => {
    const dealerId = await t.newDealer();
    const other = await t.newDealer();
    expect((await api().get(`/api/admin/dealer-orders/${dealerId}`).set(t.dealerToken(dealerId))).status).toBe(200);
    expect((await api().get(`/api/admin/dealer-orders/${other}`).set(t.dealerToken(dealerId))).status).toBe(403);
    expect((await api().get(`/api/admin/dealer-orders/${dealerId}`).set(t.delivery)).status).toBe(403);
    expect((await api().get(`/api/admin/dealer-orders/${dealerId}`)).status).toBe(401);
    expect((await api().get('/api/admin/all-orders').set(t.dealerToken(dealerId))).status).toBe(403);
    expect((await api().get('/api/admin/all-orders')).status).toBe(401);
  });
});

describe('create-order (admin)', () => {
  test('When an admin orders an admin_only product and a custom line, Then both are on the order', async () => {
    const dealerId = await t.newDealer();
    const special = await t.newProduct({ title: 'Dealer Display', status: 'admin_only', price_cents: 5000 });
    const res = await api()
      .post('/api/admin/create-order')
      .set(t.admin)
      .send({
        dealer_id: dealerId,
        product_details: [
          { product_id: special.product_id, quantity: 1 },
          { product_id: 'custom_1', description: 'Freight', price: 75.5, quantity: 2 },
        ],
        status: 'confirmed',
        notes: 'Phone order',
      });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Order created successfully!');
    expect(res.body.order).toMatchObject({
      dealer_id: dealerId,
      status: 'confirmed',
      notes: 'Phone order',
      total_value: 201,
      product_details: [
        { product_id: special.product_id, title: 'Dealer Display', price: 50, total: 50, is_custom: false },
        { product_id: 'custom_1', title: 'Freight', description: 'Freight', price: 75.5, total: 151, is_custom: true },
      ],
    });
    await eventually(() => expect(eventsOf(res.body.order.order_id).map((e) => e.type)).toEqual(['order.created']));
  });

  test('When the dealer or the lines are missing, Then the spec message is answered', async () => {
    const message = 'Please select a dealer and add at least one product';
    const noLines = await api()
      .post('/api/admin/create-order')
      .set(t.admin)
      .send({ dealer_id: 'D1', product_details: [] });
    expect(noLines.status).toBe(400);
    expect(noLines.body.detail).toBe(message);
    const noDealer = await api()
      .post('/api/admin/create-order')
      .set(t.admin)
      .send({ product_details: [{ product_id: 'custom_1', description: 'x', price: 1, quantity: 1 }] });
    expect(noDealer.status).toBe(400);
    expect(noDealer.body.detail).toBe(message);
  });

  test('When the dealer is archived or unknown, or a custom line has no price, or a product is inactive, Then it is refused', async () => {
    const dealerId = await t.newDealer();
    const inactive = await t.newProduct({ status: 'inactive' });
    const create = (body: object) => api().post('/api/admin/create-order').set(t.admin).send(body);
    const custom = { product_id: 'custom_x', description: 'Setup', quantity: 1 };
    expect((await create({ dealer_id: dealerId, product_details: [custom] })).body.detail).toBe(
      'Error: A custom item needs a description and a unit price',
    );
    expect(
      (await create({ dealer_id: dealerId, product_details: [{ product_id: inactive.product_id, quantity: 1 }] })).body
        .detail,
    ).toBe(`Error: Product ${inactive.product_id} is not available to order`);
    const huge = await create({
      dealer_id: dealerId,
      product_details: [{ ...custom, price: 9999999.99, quantity: 1001 }],
    });
    expect([huge.status, huge.body.detail]).toEqual([400, 'Error: The order total is too large']);
    const pricey = await create({ dealer_id: dealerId, product_details: [{ ...custom, price: 10000000 }] });
    expect([pricey.status, pricey.body.detail]).toEqual([400, 'Error: A unit price may be at most $9,999,999.99']);
    const unknown = await create({ dealer_id: 'D-NOPE', product_details: [{ ...custom, price: 1 }] });
    expect([unknown.status, unknown.body.detail]).toEqual([404, 'Error: Dealer not found']);
    await t.deliver(DealerArchived, dealerId, { dealer_id: dealerId, archived_at: new Date().toISOString() });
    const archived = await create({ dealer_id: dealerId, product_details: [{ ...custom, price: 1 }] });
    expect([archived.status, archived.body.detail]).toEqual([
      409,
      'Error: This dealer is archived; restore it before creating an order',
    ]);
    expect(await dealerOrderList(dealerId)).toEqual([]);
  });

  test('When a dealer, delivery or nobody creates an order, Then 403, 403 and 401', async () => {
    const body = {
      dealer_id: 'D1',
      product_details: [{ product_id: 'custom_1', description: 'x', price: 1, quantity: 1 }],
    };
    const dealerId = await t.newDealer();
    expect((await api().post('/api/admin/create-order').set(t.dealerToken(dealerId)).send(body)).status).toBe(403);
    expect((await api().post('/api/admin/create-order').set(t.delivery).send(body)).status).toBe(403);
    expect((await api().post('/api/admin/create-order').send(body)).status).toBe(401);
  });
});

describe('update-order (admin)', () => {
  const update = (orderId: string, body: object) =>
    api().put(`/api/admin/update-order/${orderId}`).set(t.admin).send(body);

  test('When a pending order gets a new quantity and a custom line, Then lines and total change and order.updated says so', async () => {
    const { product, order } = await adminOrder();
    const res = await update(order.order_id, {
      status: 'pending',
      product_details: [
        { product_id: product.product_id, quantity: 3, price: 1 }, // the catalogue price is kept, not the form's
        { product_id: 'custom_2', description: 'Install', price: 20, quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Order updated successfully!');
    expect(res.body.order).toMatchObject({
      total_value: 769.97,
      product_details: [
        { quantity: 3, price: 249.99, total: 749.97 },
        { is_custom: true, total: 20 },
      ],
    });
    const updated = await eventually(() => {
      const found = eventsOf(order.order_id).filter((e) => e.type === 'order.updated');
      expect(found).toHaveLength(1);
      return found[0];
    });
    expect(updated?.payload).toMatchObject({ status: 'pending', previous_status: 'pending', total_cents: 76997 });
  });

  test('When lines change on an order that is not pending, Then it is refused; the same lines with a status change pass', async () => {
    const { product, order } = await adminOrder('confirmed');
    const refused = await update(order.order_id, {
      product_details: [{ product_id: product.product_id, quantity: 5 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Error: Items and quantities can be changed only while the order is pending');
    const shipped = await update(order.order_id, {
      status: 'shipped',
      product_details: [{ product_id: product.product_id, quantity: 2 }],
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.order).toMatchObject({ status: 'shipped', total_value: 499.98 });
  });

  test('When a status change is not in the table, Then it is refused (delivered is final)', async () => {
    const { order } = await adminOrder();
    expect((await update(order.order_id, { status: 'delivered' })).status).toBe(200);
    const back = await update(order.order_id, { status: 'pending' });
    expect(back.status).toBe(409);
    expect(back.body.detail).toBe('Error: An order cannot go from delivered to pending');
  });

  test('When a quantity is invalid or the status unknown, Then 400; an unknown order 404', async () => {
    const { product, order } = await adminOrder();
    for (const quantity of [0, -2, 1.5]) {
      const res = await update(order.order_id, { product_details: [{ product_id: product.product_id, quantity }] });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^Error: Quantity must be/);
    }
    expect((await update(order.order_id, { status: 'lost' })).status).toBe(400);
    const missing = await update('no-such-order', { status: 'confirmed' });
    expect([missing.status, missing.body.detail]).toEqual([404, 'Error: Order not found']);
  });

  test('When a dealer, delivery or nobody updates, Then 403, 403 and 401', async () => {
    const { dealerId, order } = await adminOrder();
    const path = `/api/admin/update-order/${order.order_id}`;
    expect((await api().put(path).set(t.dealerToken(dealerId)).send({ status: 'cancelled' })).status).toBe(403);
    expect((await api().put(path).set(t.delivery).send({ status: 'cancelled' })).status).toBe(403);
    expect((await api().put(path).send({ status: 'cancelled' })).status).toBe(401);
  });
});

describe('record-payment (admin)', () => {
  const pay = (body: object) => api().post('/api/admin/record-payment').set(t.admin).send(body);

  test('When a partial cash payment and then the rest by check are recorded, Then unpaid -> partially_paid -> fully_paid', async () => {
    const { order } = await adminOrder(); // $499.98
    const cash = await pay({ order_id: order.order_id, payment_method: 'cash', amount: 100.1 });
    expect(cash.status).toBe(200);
    expect(cash.body).toMatchObject({
      success: true,
      message: 'Payment recorded successfully!',
      payment: { order_id: order.order_id, payment_method: 'cash', amount: 100.1, check_number: null },
      payment_status: 'partially_paid',
      total_paid: 100.1,
      balance: 399.88,
    });
    const check = await pay({
      order_id: order.order_id,
      payment_method: 'check',
      amount: 399.88,
      check_number: '1001',
      notes: 'final',
    });
    expect(check.body).toMatchObject({ payment_status: 'fully_paid', total_paid: 499.98, balance: 0 });
    const [listed] = (await api().get('/api/admin/all-orders').set(t.admin)).body.orders.filter(
      (o: { order_id: string }) => o.order_id === order.order_id,
    );
    expect(listed).toMatchObject({ payment_status: 'fully_paid', total_paid: 499.98, balance: 0 });
    expect(listed.payments.map((p: { amount: number }) => p.amount)).toEqual([100.1, 399.88]);
    const recorded = await eventually(() => {
      const found = eventsOf(order.order_id).filter((e) => e.type === 'payment.recorded');
      expect(found).toHaveLength(2);
      return found;
    });
    expect(recorded.map((e) => e.payload)).toMatchObject([
      { amount_cents: 10010, payment_status: 'partially_paid', paid_cents: 10010, total_cents: 49998 },
      { amount_cents: 39988, payment_method: 'check', payment_status: 'fully_paid', paid_cents: 49998 },
    ]);
  });

  test('When the type or amount is missing or invalid, Then the spec message is answered', async () => {
    const { order } = await adminOrder();
    const message = 'Please select payment type and enter a valid amount';
    for (const body of [
      { order_id: order.order_id, payment_method: 'bitcoin', amount: 10 },
      { order_id: order.order_id, amount: 10 },
      { order_id: order.order_id, payment_method: 'cash', amount: 0 },
      { order_id: order.order_id, payment_method: 'cash', amount: -5 },
      { order_id: order.order_id, payment_method: 'cash' },
    ]) {
      const res = await pay(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(message);
    }
    const threeDecimals = await pay({ order_id: order.order_id, payment_method: 'cash', amount: 10.005 });
    expect(threeDecimals.status).toBe(400);
    const noCheckNumber = await pay({ order_id: order.order_id, payment_method: 'check', amount: 10 });
    expect([noCheckNumber.status, noCheckNumber.body.detail]).toEqual([400, 'Error: Please enter the check number']);
  });

  test('When a payment is more than the balance, or the order is cancelled or unknown, Then it is refused', async () => {
    const { order } = await adminOrder(); // $499.98
    const over = await pay({ order_id: order.order_id, payment_method: 'card', amount: 499.99 });
    expect([over.status, over.body.detail]).toEqual([
      409,
      'Error: The payment of $499.99 is more than the balance of $499.98',
    ]);
    await api().put(`/api/admin/update-order/${order.order_id}`).set(t.admin).send({ status: 'cancelled' });
    const cancelled = await pay({ order_id: order.order_id, payment_method: 'cash', amount: 1 });
    expect([cancelled.status, cancelled.body.detail]).toEqual([
      409,
      'Error: A payment cannot be recorded on a cancelled order',
    ]);
    const unknown = await pay({ order_id: 'no-such-order', payment_method: 'cash', amount: 1 });
    expect([unknown.status, unknown.body.detail]).toEqual([404, 'Error: Order not found']);
  });

  test('When 5 payments are recorded on one order at once, Then all count; racing past the balance, one is refused', async () => {
    const { dealerId, order } = await adminOrder(); // $499.98
    const five = await Promise.all(
      [1, 2, 3, 4, 5].map(() => pay({ order_id: order.order_id, payment_method: 'cash', amount: 99.99 })),
    );
    expect(five.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    // each saw the ones before it: the paid totals are 1 to 5 payments, once each
    expect(five.map((res) => res.body.total_paid).sort((a, b) => a - b)).toEqual([
      99.99, 199.98, 299.97, 399.96, 499.95,
    ]);
    // $0.03 left: two $0.02 payments at once, only one fits
    const two = await Promise.all(
      [1, 2].map(() => pay({ order_id: order.order_id, payment_method: 'card', amount: 0.02 })),
    );
    expect(two.map((res) => res.status).sort()).toEqual([200, 409]);
    const [listed] = (await dealerOrderList(dealerId)).filter((o) => o.order_id === order.order_id);
    expect(listed).toMatchObject({ total_paid: 499.97, balance: 0.01, payment_status: 'partially_paid' });
    expect(listed?.payments).toHaveLength(6);
  });

  test('When a dealer, delivery or nobody records a payment, Then 403, 403 and 401', async () => {
    const { dealerId, order } = await adminOrder();
    const body = { order_id: order.order_id, payment_method: 'cash', amount: 1 };
    expect((await api().post('/api/admin/record-payment').set(t.dealerToken(dealerId)).send(body)).status).toBe(403);
    expect((await api().post('/api/admin/record-payment').set(t.delivery).send(body)).status).toBe(403);
    expect((await api().post('/api/admin/record-payment').send(body)).status).toBe(401);
  });
});

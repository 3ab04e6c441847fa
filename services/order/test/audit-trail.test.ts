/**
 * The audit trail of orders and payments (issue 23): every order an admin or a dealer creates or edits, and
 * every payment, writes one audit.recorded entry to the order outbox in the change's transaction — action,
 * id, who (from the token), the request id and the fields before → after. A refused change records nothing.
 */
import type { AuditRecord } from '@portal/contracts';
import { auditEntriesOf, auditRequestId } from '@portal/platform/testing';
import type { Test } from 'supertest';
import { startOrders, type TestOrders } from './support/orders';

let t: TestOrders;
beforeAll(async () => {
  t = await startOrders('order_audit_trail');
});
afterAll(() => t?.stop());

/** Sends one request under a fresh request id; answers the response and the audit entries it wrote. */
async function audited(send: () => Test) {
  const requestId = auditRequestId();
  const res = await send().set('x-request-id', requestId);
  return { res, entries: await auditEntriesOf(t.orders.service.ctx.db, requestId), requestId };
}

async function adminOrder(status = 'pending') {
  const dealerId = await t.newDealer();
  const product = await t.newProduct({ price_cents: 10000 });
  const created = await audited(() =>
    t
      .api()
      .post('/api/admin/create-order')
      .set(t.admin)
      .send({ dealer_id: dealerId, product_details: [{ product_id: product.product_id, quantity: 2 }], status }),
  );
  expect(created.res.status).toBe(200);
  return { dealerId, product, orderId: created.res.body.order.order_id as string, created };
}

const byAdmin = { actor_email: 'admin@example.com', actor_role: 'admin' };

describe('audit entries of orders', () => {
  test('When an admin creates an order, Then order.created names the order, the admin, the request and its lines', async () => {
    const { orderId, dealerId, product, created } = await adminOrder();
    expect(created.entries).toEqual([
      expect.objectContaining({
        action: 'order.created',
        entity: 'order',
        entity_id: orderId,
        request_id: created.requestId,
        ...byAdmin,
      }),
    ]);
    expect((created.entries[0] as AuditRecord).changes).toMatchObject({
      dealer_id: [null, dealerId],
      status: [null, 'pending'],
      total_cents: [null, 20000],
      items: [null, [expect.objectContaining({ product_id: product.product_id, quantity: 2 })]],
    });
  });

  test('When a dealer submits an order, Then order.created names the dealer as the actor; a retried submit records nothing more', async () => {
    const dealerId = await t.newDealer();
    const product = await t.newProduct();
    const submit = () =>
      t
        .api()
        .post('/api/dealer/submit-order')
        .set(t.dealerToken(dealerId))
        .set('Idempotency-Key', `audit-${dealerId}`)
        .send({ product_orders: [{ product_id: product.product_id, quantity: 1 }] });
    const first = await audited(submit);
    expect(first.res.status).toBe(200);
    expect(first.entries).toEqual([
      expect.objectContaining({
        action: 'order.created',
        entity_id: first.res.body.order_id,
        actor_email: 'dealer@example.com',
        actor_role: 'dealer',
      }),
    ]);
    const retried = await audited(submit);
    expect(retried.res.status).toBeLessThan(300);
    expect(retried.entries).toEqual([]);
  });

  test.each([
    ['a status change', 'order.status_changed', { status: 'confirmed' }, { status: ['pending', 'confirmed'] }],
    ['a cancellation', 'order.cancelled', { status: 'cancelled' }, { status: ['pending', 'cancelled'] }],
    [
      'new notes',
      'order.updated',
      { notes: 'Deliver to the back door' },
      { notes: [null, 'Deliver to the back door'] },
    ],
  ])('When an admin saves %s, Then %s with exactly that change', async (_case, action, body, changes) => {
    const { orderId } = await adminOrder();
    const { res, entries } = await audited(() =>
      t.api().put(`/api/admin/update-order/${orderId}`).set(t.admin).send(body),
    );
    expect(res.status).toBe(200);
    expect(entries).toEqual([expect.objectContaining({ action, entity_id: orderId, changes, ...byAdmin })]);
  });

  test('When an edit is refused (a transition the table forbids) or changes nothing, Then nothing is recorded', async () => {
    const { orderId } = await adminOrder('cancelled');
    const refused = await audited(() =>
      t.api().put(`/api/admin/update-order/${orderId}`).set(t.admin).send({ status: 'delivered' }),
    );
    expect([refused.res.status, refused.entries]).toEqual([409, []]);
    const unchanged = await audited(() =>
      t.api().put(`/api/admin/update-order/${orderId}`).set(t.admin).send({ status: 'cancelled' }),
    );
    expect([unchanged.res.status, unchanged.entries]).toEqual([200, []]);
  });
});

describe('audit entries of payments', () => {
  test('When an admin records a check payment, Then payment.recorded with its order, amount in cents and check number', async () => {
    const { orderId } = await adminOrder('confirmed');
    const { res, entries } = await audited(() =>
      t
        .api()
        .post('/api/admin/record-payment')
        .set(t.admin)
        .send({ order_id: orderId, payment_method: 'check', amount: 50.25, check_number: '1042' }),
    );
    expect(res.status).toBe(200);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'payment.recorded',
        entity: 'payment',
        entity_id: res.body.payment.payment_id,
        changes: {
          order_id: [null, orderId],
          payment_method: [null, 'check'],
          amount_cents: [null, 5025],
          check_number: [null, '1042'],
        },
        ...byAdmin,
      }),
    ]);
  });

  test('When a payment is refused (more than the balance), Then nothing is recorded', async () => {
    const { orderId } = await adminOrder('confirmed');
    const { res, entries } = await audited(() =>
      t
        .api()
        .post('/api/admin/record-payment')
        .set(t.admin)
        .send({ order_id: orderId, payment_method: 'cash', amount: 999 }),
    );
    expect([res.status, entries]).toEqual([409, []]);
  });
});

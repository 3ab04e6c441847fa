/**
 * A dealer's PO number and note on submit-order (issue 24): stored, answered to the dealer and the admin, printed
 * on the invoice PDF, found by the admin list's search; a PO number over 50 characters is refused.
 */
import { randomUUID } from 'node:crypto';
import { DealerCreated, DealerUpdated, type Order } from '@portal/contracts';
import { newDealerSnapshot } from '@portal/platform/testing';
import { startOrders, type TestOrders } from './support/orders';
import { pdfText } from './support/pdf-text';

let t: TestOrders;
beforeAll(async () => {
  t = await startOrders('order_po');
});
afterAll(() => t?.stop());

async function submit(dealerId: string, fields: Record<string, unknown>) {
  const product = await t.newProduct({ title: 'Hub Blind', price_cents: 24999 });
  return t
    .api()
    .post('/api/dealer/submit-order')
    .set(t.dealerToken(dealerId))
    .send({ product_orders: [{ product_id: product.product_id, quantity: 2 }], ...fields });
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

test('When a dealer submits a PO number and a note, Then both are kept (trimmed), answered to dealer and admin, and printed on the invoice', async () => {
  const dealerId = await t.newDealer();
  const res = await submit(dealerId, { po_number: '  PO-7781-A  ', notes: '  Ring the bell at the dock  ' });

  expect(res.status).toBe(200);
  expect(res.body.order).toMatchObject({ po_number: 'PO-7781-A', notes: 'Ring the bell at the dock' });
  const orderId = res.body.order.order_id as string;

  const mine = await t.api().get(`/api/admin/dealer-orders/${dealerId}`).set(t.dealerToken(dealerId));
  expect((mine.body.orders as Order[]).find((order) => order.order_id === orderId)).toMatchObject({
    po_number: 'PO-7781-A',
    notes: 'Ring the bell at the dock',
  });
  const text = await invoiceText(orderId);
  expect(text).toContain('PO #');
  expect(text).toContain('PO-7781-A');
  expect(text).toContain('Ring the bell at the dock');
});

test('When the PO number is blank or left out, Then the order has none', async () => {
  const dealerId = await t.newDealer();
  const blank = await submit(dealerId, { po_number: '   ' });
  const none = await submit(dealerId, {});

  expect(blank.status).toBe(200);
  expect(blank.body.order.po_number).toBeNull();
  expect(none.body.order.po_number).toBeNull();
  expect(await invoiceText(blank.body.order.order_id)).not.toContain('PO #');
});

test('When the PO number is over 50 characters or the note over 2000, Then 400 with a clear detail and no order', async () => {
  const dealerId = await t.newDealer();

  const longPo = await submit(dealerId, { po_number: 'P'.repeat(51) });
  expect(longPo.status).toBe(400);
  expect(longPo.body.detail).toContain('The PO number must be at most 50 characters');
  const longNote = await submit(dealerId, { notes: 'n'.repeat(2001) });
  expect(longNote.status).toBe(400);
  expect(longNote.body.detail).toContain('Notes must be at most 2000 characters');
  // 50 characters exactly is a PO number
  expect((await submit(dealerId, { po_number: 'P'.repeat(50) })).status).toBe(200);

  const list = await t.api().get(`/api/admin/dealer-orders/${dealerId}`).set(t.admin);
  expect(list.body.orders).toHaveLength(1);
});

test('When the admin searches the orders list for a PO number, Then the order is found, also after its dealer is renamed', async () => {
  const dealer = newDealerSnapshot({ business_name: 'Cedar Shades', phone: '555-0100' });
  await t.deliver(DealerCreated, dealer.dealer_id, dealer);
  const poNumber = `PO-${randomUUID().slice(0, 8).toUpperCase()}`;
  const res = await submit(dealer.dealer_id, { po_number: poNumber });
  await submit(dealer.dealer_id, { po_number: 'OTHER-1' });
  const orderId = res.body.order.order_id as string;

  const search = async (q: string) => {
    const found = await t.api().get('/api/admin/all-orders').query({ q }).set(t.admin);
    expect(found.status).toBe(200);
    return (found.body.orders as Order[]).map((order) => order.order_id);
  };
  expect(await search(poNumber.toLowerCase())).toEqual([orderId]);

  // a renamed dealer's orders get new search texts: each must keep its PO number
  await t.deliver(DealerUpdated, dealer.dealer_id, { ...dealer, business_name: 'Birch Shades' });
  expect(await search('birch shades')).toHaveLength(2);
  expect(await search(poNumber)).toEqual([orderId]);
});

test('When the admin exports the orders, Then each row ends with its PO number (blank when none)', async () => {
  const dealerId = await t.newDealer();
  const poNumber = `PO-${randomUUID().slice(0, 8).toUpperCase()}`;
  const withPo = await submit(dealerId, { po_number: poNumber });
  await submit(dealerId, {});

  const res = await t
    .api()
    .get('/api/admin/all-orders/export')
    .query({ dealer_id: dealerId, sort: 'created_at' })
    .set(t.admin)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    });

  expect(res.status).toBe(200);
  const [header, first, second] = (res.body as string).replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toMatch(/,"Payment","PO Number"$/);
  expect(first).toMatch(new RegExp(`^"${withPo.body.order.order_number}",.*,"${poNumber}"$`));
  expect(second).toMatch(/,"UNPAID",""$/);
});

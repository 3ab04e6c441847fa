/**
 * The order keeps its delivery: shipment.order_status_changed's proof (when, to whom, the signature) is shown in
 * the order answers (admin and the dealer's My Orders) and on the invoice PDF; shipment.delivery_undone, and
 * nothing else, takes a delivered order back and forgets the proof; a later delivery keeps the new proof. Real
 * PostgreSQL and the event bus; the PDF is read back with a real PDF parser.
 */
import { randomUUID } from 'node:crypto';
import {
  type Order,
  ShipmentCreated,
  ShipmentDeliveryUndone,
  ShipmentOrderStatusChanged,
  TimezoneChanged,
} from '@portal/contracts';
import { formatDayAndTimeIn } from '@portal/platform';
import { eventually, startOrders, type TestOrders } from './support/orders';
import { pdfText } from './support/pdf-text';

/** a real 1×1 PNG, as shipping re-encodes a drawn signature */
const SIGNATURE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const ZONE = 'America/Denver';

let t: TestOrders;
beforeAll(async () => {
  t = await startOrders('order_deliveries');
  // a zone other than the default: the invoice must show the delivery in the announced one
  await t.deliver(TimezoneChanged, 'system_timezone', { system_timezone: ZONE });
});
afterAll(() => t?.stop());

async function shippedOrder(): Promise<{ orderId: string; dealerId: string; shipmentId: string }> {
  const dealerId = await t.newDealer({ business_name: 'Timber Blinds' });
  const product = await t.newProduct();
  const res = await t
    .api()
    .post('/api/admin/create-order')
    .set(t.admin)
    .send({
      dealer_id: dealerId,
      product_details: [{ product_id: product.product_id, quantity: 1 }],
      status: 'confirmed',
    });
  expect(res.status).toBe(200);
  const orderId = res.body.order.order_id as string;
  const shipmentId = randomUUID();
  await t.deliver(ShipmentCreated, shipmentId, { shipment_id: shipmentId, order_ids: [orderId] });
  await t.deliver(ShipmentOrderStatusChanged, orderId, {
    shipment_id: shipmentId,
    order_id: orderId,
    status: 'shipped',
  });
  return { orderId, dealerId, shipmentId };
}

const adminView = async (orderId: string): Promise<Order | undefined> => {
  const res = await t.api().get('/api/admin/all-orders').set(t.admin);
  expect(res.status).toBe(200);
  return (res.body.orders as Order[]).find((order) => order.order_id === orderId);
};
const dealerView = async (dealerId: string, orderId: string): Promise<Order | undefined> => {
  const res = await t.api().get(`/api/admin/dealer-orders/${dealerId}`).set(t.dealerToken(dealerId));
  expect(res.status).toBe(200);
  return (res.body.orders as Order[]).find((order) => order.order_id === orderId);
};
const invoicePdf = async (orderId: string) => {
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
  const pdf = res.body as Buffer;
  return { text: (await pdfText(pdf)).text, hasImage: pdf.includes('/Subtype /Image') };
};
const updatesOf = (orderId: string) =>
  t.events
    .filter((event) => event.type === 'order.updated' && event.aggregateId === orderId)
    .map((event) => [event.payload.previous_status, event.payload.status]);

test('When a driver delivers with a proof, Then the order keeps it: the answers show it and the invoice says when, to whom, with the signature', async () => {
  const { orderId, dealerId, shipmentId } = await shippedOrder();
  const deliveredAt = '2026-07-01T03:30:00.000Z'; // Jun 30, 9:30 PM in Denver (MDT)
  await t.deliver(ShipmentOrderStatusChanged, orderId, {
    shipment_id: shipmentId,
    order_id: orderId,
    status: 'delivered',
    delivery: { delivered_at: deliveredAt, recipient_name: ' Sam Yard ', signature_png_base64: SIGNATURE_PNG },
  });

  const expected = { status: 'delivered', delivered_at: deliveredAt, delivered_to: 'Sam Yard' };
  expect(await adminView(orderId)).toMatchObject(expected);
  expect(await dealerView(dealerId, orderId)).toMatchObject(expected);

  const invoice = await invoicePdf(orderId);
  expect(formatDayAndTimeIn(deliveredAt, ZONE)).toBe('Jun 30, 2026 at 9:30 PM MDT');
  expect(invoice.text).toContain('Delivered on Jun 30, 2026 at 9:30 PM MDT to Sam Yard');
  expect(invoice.hasImage).toBe(true);
});

test('When an order is delivered without a proof, Then it shows no delivery and the invoice no delivery line', async () => {
  const { orderId, shipmentId } = await shippedOrder();
  await t.deliver(ShipmentOrderStatusChanged, orderId, {
    shipment_id: shipmentId,
    order_id: orderId,
    status: 'delivered',
  });
  expect(await adminView(orderId)).toMatchObject({ status: 'delivered', delivered_at: null, delivered_to: null });
  const invoice = await invoicePdf(orderId);
  expect(invoice.text).not.toContain('Delivered on');
  expect(invoice.hasImage).toBe(false);
});

test('When a delivery is undone by shipping, Then the order returns to shipped and forgets the proof; a later delivery keeps the new one; an admin update cannot move delivered back', async () => {
  const { orderId, dealerId, shipmentId } = await shippedOrder();
  await t.deliver(ShipmentOrderStatusChanged, orderId, {
    shipment_id: shipmentId,
    order_id: orderId,
    status: 'delivered',
    delivery: {
      delivered_at: '2026-07-01T03:30:00.000Z',
      recipient_name: 'Wrong Farm',
      signature_png_base64: SIGNATURE_PNG,
    },
  });

  // a plain admin update cannot leave delivered
  const refused = await t.api().put(`/api/admin/update-order/${orderId}`).set(t.admin).send({ status: 'shipped' });
  expect(refused.status).toBe(409);
  expect(await adminView(orderId)).toMatchObject({ status: 'delivered', delivered_to: 'Wrong Farm' });

  await t.deliver(ShipmentDeliveryUndone, orderId, {
    shipment_id: shipmentId,
    order_id: orderId,
    status: 'shipped',
    undone_by: 'driver@example.com',
    undone_at: '2026-07-01T03:34:00.000Z',
  });
  const undone = { status: 'shipped', delivered_at: null, delivered_to: null };
  expect(await adminView(orderId)).toMatchObject(undone);
  expect(await dealerView(dealerId, orderId)).toMatchObject(undone);
  const afterUndo = await invoicePdf(orderId);
  expect(afterUndo.text).not.toContain('Delivered on');
  expect(afterUndo.text).not.toContain('Wrong Farm');
  expect(afterUndo.hasImage).toBe(false);

  await t.deliver(ShipmentOrderStatusChanged, orderId, {
    shipment_id: shipmentId,
    order_id: orderId,
    status: 'delivered',
    delivery: { delivered_at: '2026-07-01T04:10:00.000Z', recipient_name: 'Right Farm', signature_png_base64: null },
  });
  expect(await adminView(orderId)).toMatchObject({
    status: 'delivered',
    delivered_at: '2026-07-01T04:10:00.000Z',
    delivered_to: 'Right Farm',
  });
  const redelivered = await invoicePdf(orderId);
  expect(redelivered.text).toContain('Delivered on Jun 30, 2026 at 10:10 PM MDT to Right Farm');
  expect(redelivered.hasImage).toBe(false);

  // each change announced as other status changes are (identity and shipping react to order.updated)
  await eventually(() =>
    expect(updatesOf(orderId)).toEqual([
      ['confirmed', 'in_shipment'],
      ['in_shipment', 'shipped'],
      ['shipped', 'delivered'],
      ['delivered', 'shipped'],
      ['shipped', 'delivered'],
    ]),
  );
});

test('When an undo arrives for an order that is not delivered, Then nothing moves and the order is re-announced as it is', async () => {
  const { orderId, shipmentId } = await shippedOrder();
  await t.deliver(ShipmentDeliveryUndone, orderId, {
    shipment_id: shipmentId,
    order_id: orderId,
    status: 'in_shipment',
    undone_by: 'admin@example.com',
    undone_at: new Date().toISOString(),
  });
  expect(await adminView(orderId)).toMatchObject({ status: 'shipped' });
  await eventually(() => expect(updatesOf(orderId).at(-1)).toEqual(['shipped', 'shipped']));
});

test('When an undo returns a delivered order to in_shipment, Then it is in_shipment again', async () => {
  const dealerId = await t.newDealer();
  const product = await t.newProduct();
  const res = await t
    .api()
    .post('/api/admin/create-order')
    .set(t.admin)
    .send({
      dealer_id: dealerId,
      product_details: [{ product_id: product.product_id, quantity: 1 }],
      status: 'confirmed',
    });
  const orderId = res.body.order.order_id as string;
  const shipmentId = randomUUID();
  await t.deliver(ShipmentCreated, shipmentId, { shipment_id: shipmentId, order_ids: [orderId] });
  await t.deliver(ShipmentOrderStatusChanged, orderId, {
    shipment_id: shipmentId,
    order_id: orderId,
    status: 'delivered',
    delivery: { delivered_at: new Date().toISOString(), recipient_name: null, signature_png_base64: null },
  });
  await t.deliver(ShipmentDeliveryUndone, orderId, {
    shipment_id: shipmentId,
    order_id: orderId,
    status: 'in_shipment',
    undone_by: 'admin@example.com',
    undone_at: new Date().toISOString(),
  });
  expect(await adminView(orderId)).toMatchObject({ status: 'in_shipment', delivered_at: null });
});

/**
 * The order service's side of shipping: shipment.created and shipment.order_status_changed move orders through
 * the order's transition table, each change announced with order.updated. First the whole round trip with the
 * real shipping service on one bus, then the order service alone (refusals, redelivery).
 */
import { randomUUID } from 'node:crypto';
import {
  DealerCreated,
  type EventEnvelope,
  ProductCreated,
  ShipmentCreated,
  ShipmentOrderStatusChanged,
} from '@portal/contracts';
import {
  bearer,
  dealerSnapshot,
  deliverEvent,
  eventually,
  startTestServices,
  type TestServices,
} from '@portal/platform/testing';
import { shippingService } from '@portal/shipping';
import { orderService } from '../src/app';
import { shipmentMoveAllowed } from '../src/use-cases/shipment-status';
import { startOrders, type TestOrders } from './support/orders';

describe('shipmentMoveAllowed (the rule the consumers apply)', () => {
  test('When a shipment takes an order, Then only a confirmed order goes to in_shipment', () => {
    expect(shipmentMoveAllowed('confirmed', 'in_shipment')).toBe(true);
    for (const from of ['pending', 'shipped', 'delivered', 'cancelled', 'in_shipment'] as const)
      expect(shipmentMoveAllowed(from, 'in_shipment')).toBe(false);
  });

  test('When delivery marks an order, Then in_shipment → shipped or delivered and shipped → delivered; delivered is final', () => {
    expect(shipmentMoveAllowed('in_shipment', 'shipped')).toBe(true);
    expect(shipmentMoveAllowed('in_shipment', 'delivered')).toBe(true);
    expect(shipmentMoveAllowed('shipped', 'delivered')).toBe(true);
    // the shipment's own in_shipment may arrive later than the delivery's mark
    expect(shipmentMoveAllowed('confirmed', 'shipped')).toBe(true);
    expect(shipmentMoveAllowed('shipped', 'shipped')).toBe(false);
    expect(shipmentMoveAllowed('delivered', 'shipped')).toBe(false);
    expect(shipmentMoveAllowed('delivered', 'delivered')).toBe(false);
    expect(shipmentMoveAllowed('pending', 'delivered')).toBe(false);
    expect(shipmentMoveAllowed('cancelled', 'shipped')).toBe(false);
  });
});

describe('the round trip: order ⇄ shipping', () => {
  let s: TestServices;
  beforeAll(async () => {
    s = await startTestServices([orderService, shippingService], { prefix: 'order_shipments_trip' });
  });
  afterAll(() => s?.stop());

  const admin = () => bearer(s.tokenFor({ role: 'admin' }));
  const delivery = () => bearer(s.tokenFor({ role: 'delivery' }));
  const orderStatus = async (orderId: string) => {
    const res = await s.http('order').get('/api/admin/all-orders').set(admin());
    return (res.body.orders as { order_id: string; status: string }[]).find((order) => order.order_id === orderId)
      ?.status;
  };
  const shippingStatus = async (shipmentId: string, orderId: string) => {
    const res = await s.http('shipping').get('/api/admin/shipments').set(delivery());
    const shipment = (
      res.body.shipments as { shipment_id: string; status: string; orders: { order_id: string; status: string }[] }[]
    ).find((one) => one.shipment_id === shipmentId);
    return { shipment: shipment?.status, order: shipment?.orders.find((order) => order.order_id === orderId)?.status };
  };

  test('When a confirmed order is shipped and delivered from the shipping screens, Then the order service moves it in_shipment → shipped → delivered, and delivered is final', async () => {
    const dealerId = `D${randomUUID().slice(0, 8).toUpperCase()}`;
    await deliverEvent(
      s.transport,
      s.service('shipping'),
      DealerCreated,
      dealerId,
      dealerSnapshot({
        dealer_id: dealerId,
        email: `${dealerId.toLowerCase()}@example.com`,
        business_name: 'Timber Blinds',
        city: 'Waco',
        state: 'TX',
      }),
    );
    await eventually(async () => {
      const rows: unknown[] = await s
        .service('order')
        .ctx.db.query('SELECT 1 FROM known_dealers WHERE dealer_id = $1', [dealerId]);
      expect(rows).toHaveLength(1);
    });
    const productId = randomUUID();
    await deliverEvent(
      s.transport,
      s.service('order'),
      ProductCreated,
      productId,
      {
        product_id: productId,
        title: 'Hub Blind',
        description: null,
        price_cents: 24999,
        status: 'active',
        image_filename: null,
      },
      { producer: 'catalog' },
    );
    const created = await s
      .http('order')
      .post('/api/admin/create-order')
      .set(admin())
      .send({ dealer_id: dealerId, product_details: [{ product_id: productId, quantity: 2 }], status: 'confirmed' });
    expect(created.status).toBe(200);
    const orderId = created.body.order.order_id as string;

    // shipping learns the order from order.created: it is ready to ship
    await eventually(async () => {
      const res = await s.http('shipping').get('/api/admin/ready-to-ship-orders').set(delivery());
      expect(res.body.orders).toEqual([
        expect.objectContaining({
          order_id: orderId,
          dealer_business_name: 'Timber Blinds',
          total_value: 499.98,
          status: 'confirmed',
        }),
      ]);
    });

    const shipped = await s
      .http('shipping')
      .post('/api/admin/create-shipment')
      .set(delivery())
      .send({ order_ids: [orderId] });
    expect(shipped.status).toBe(200);
    expect(shipped.body.message).toBe('Shipment created successfully with 1 order');
    const shipmentId = shipped.body.shipment_id as string;
    await eventually(async () => expect(await orderStatus(orderId)).toBe('in_shipment'));

    let res = await s
      .http('shipping')
      .post(`/api/admin/shipment/${shipmentId}/update-order-status`)
      .set(delivery())
      .send({ order_id: orderId, status: 'shipped' });
    expect(res.status).toBe(200);
    await eventually(async () => expect(await orderStatus(orderId)).toBe('shipped'));

    res = await s
      .http('shipping')
      .post(`/api/admin/shipment/${shipmentId}/update-order-status`)
      .set(delivery())
      .send({ order_id: orderId, status: 'delivered' });
    expect(res.body.shipment_status).toBe('COMPLETED');
    await eventually(async () => expect(await orderStatus(orderId)).toBe('delivered'));
    // shipping has the order service's word (order.updated), and agrees
    await eventually(async () =>
      expect(await shippingStatus(shipmentId, orderId)).toEqual({ shipment: 'COMPLETED', order: 'delivered' }),
    );

    res = await s
      .http('shipping')
      .post(`/api/admin/shipment/${shipmentId}/update-order-status`)
      .set(delivery())
      .send({ order_id: orderId, status: 'shipped' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Error: This order is already delivered; delivered is final');
    const update = await s
      .http('order')
      .put(`/api/admin/update-order/${orderId}`)
      .set(admin())
      .send({ status: 'confirmed' });
    expect(update.status).toBe(409);
    expect(await orderStatus(orderId)).toBe('delivered');
  });
});

describe('the consumers alone (refusals and redelivery)', () => {
  let t: TestOrders;
  beforeAll(async () => {
    t = await startOrders('order_shipments');
  });
  afterAll(() => t?.stop());

  async function order(status: string) {
    const dealerId = await t.newDealer();
    const product = await t.newProduct();
    const res = await t
      .api()
      .post('/api/admin/create-order')
      .set(t.admin)
      .send({ dealer_id: dealerId, product_details: [{ product_id: product.product_id, quantity: 1 }], status });
    expect(res.status).toBe(200);
    return res.body.order.order_id as string;
  }
  const statusOf = async (orderId: string) => {
    const res = await t.api().get('/api/admin/all-orders').set(t.admin);
    return (res.body.orders as { order_id: string; status: string }[]).find((one) => one.order_id === orderId)?.status;
  };
  const updatesOf = (orderId: string) =>
    t.events
      .filter((event) => event.type === 'order.updated' && event.aggregateId === orderId)
      .map((event) => event.payload);

  test('When a shipment takes a pending order, Then it stays pending and is re-announced so shipping corrects itself', async () => {
    const orderId = await order('pending');
    await t.deliver(ShipmentCreated, randomUUID(), { shipment_id: randomUUID(), order_ids: [orderId] });
    expect(await statusOf(orderId)).toBe('pending');
    await eventually(() =>
      expect(updatesOf(orderId)).toEqual([expect.objectContaining({ status: 'pending', previous_status: 'pending' })]),
    );
  });

  test('When the same shipment event is delivered twice, Then the order moves and is announced once', async () => {
    const orderId = await order('confirmed');
    const shipmentId = randomUUID();
    const envelope: EventEnvelope = {
      id: randomUUID(),
      type: ShipmentCreated.type,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'shipping',
      aggregateId: shipmentId,
      payload: { shipment_id: shipmentId, order_ids: [orderId, randomUUID()] }, // an unknown order is skipped
    };
    await t.transport.publish(envelope, {});
    await eventually(async () => expect(await statusOf(orderId)).toBe('in_shipment'));
    await t.transport.publish(envelope, {});
    await t.deliver(ShipmentOrderStatusChanged, orderId, {
      shipment_id: shipmentId,
      order_id: orderId,
      status: 'delivered',
    });
    expect(await statusOf(orderId)).toBe('delivered');
    await eventually(() =>
      expect(updatesOf(orderId).map((payload) => [payload.previous_status, payload.status])).toEqual([
        ['confirmed', 'in_shipment'],
        ['in_shipment', 'delivered'],
      ]),
    );

    // a late "shipped" for a delivered order changes nothing (delivered is final) and re-announces it
    await t.deliver(ShipmentOrderStatusChanged, orderId, {
      shipment_id: shipmentId,
      order_id: orderId,
      status: 'shipped',
    });
    expect(await statusOf(orderId)).toBe('delivered');
    await eventually(() =>
      expect(updatesOf(orderId).at(-1)).toMatchObject({ status: 'delivered', previous_status: 'delivered' }),
    );
  });
});

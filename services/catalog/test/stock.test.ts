/**
 * Stock follows the orders: the catalog consumes order.created and order.updated, reserving for confirmed orders,
 * taking from on hand for orders on a truck and giving back for cancelled ones; product.stock_low is announced
 * once per fall to the low-stock level. Through the real order service (in-process bus), and with the order
 * events published concurrently over RabbitMQ from several connections, redeliveries included.
 */
import { randomUUID } from 'node:crypto';
import {
  DealerCreated,
  type EventEnvelope,
  OrderCreated,
  type OrderStatus,
  OrderUpdated,
  type PayloadOfType,
} from '@portal/contracts';
import { orderService } from '@portal/order';
import { createAmqpTransport, createLogger, type EventTransport } from '@portal/platform';
import {
  bearer,
  collectEvents,
  dealerSnapshot,
  deliverEvent,
  eventsSettled,
  startTestService,
  startTestServices,
  type TestService,
  type TestServices,
  testAmqpUrl,
  uniqueName,
} from '@portal/platform/testing';
import { connect } from 'amqplib';
import request from 'supertest';
import { catalogService } from '../src/app';
import { stockEffect } from '../src/domain/stock';
import { eventually, IMAGES, productForm, withForm } from './support/catalog';

interface StockView {
  product_id: string;
  title: string;
  stock_on_hand: number | null;
  stock_reserved: number;
  stock_available: number | null;
  low_stock_threshold: number | null;
  availability: string | null;
}

const png = { bytes: IMAGES.png, filename: 'blind.png' };

/** A small deterministic random source, so a failing run can be repeated. */
function seeded(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

describe('through the order service', () => {
  let portal: TestServices;
  let admin: Record<string, string>;
  let stockLow: EventEnvelope<PayloadOfType<'product.stock_low'>>[];
  const dealerId = 'DSTOCK01';
  const catalog = () => request(portal.service('catalog').app);
  const orders = () => request(portal.service('order').app);
  const dealer = () => bearer(portal.tokenFor({ role: 'dealer', dealerId }));

  beforeAll(async () => {
    portal = await startTestServices([catalogService, orderService], { prefix: 'catalog_stock' });
    admin = bearer(portal.tokenFor({ role: 'admin' }));
    stockLow = await collectEvents(portal.transport, 'identity', ['product.stock_low']);
    await deliverEvent(
      portal.transport,
      portal.service('order'),
      DealerCreated,
      dealerId,
      dealerSnapshot({ dealer_id: dealerId, email: 'stock@example.com', business_name: 'Stock Blinds' }),
    );
  });
  afterAll(() => portal?.stop());

  /** A product created by an admin with the given stock, once the order service knows it (orderable). */
  async function newProduct(stock: Record<string, string>): Promise<StockView> {
    const res = await withForm(catalog().post('/api/admin/create-product').set(admin), productForm(stock), png);
    expect(res.status).toBe(200);
    const productId: string = res.body.product.product_id;
    await eventually(async () => {
      const rows = await portal
        .service('order')
        .ctx.db.query('SELECT 1 FROM known_products WHERE product_id = $1', [productId]);
      expect(rows).toHaveLength(1);
    });
    return res.body.product;
  }

  const adminView = async (productId: string): Promise<StockView> => {
    const res = await catalog().get('/api/admin/products').set(admin);
    return res.body.products.find((p: StockView) => p.product_id === productId);
  };
  const dealerView = async (productId: string) => {
    const res = await catalog().get('/api/dealer/products').set(dealer());
    return res.body.products.find((p: { product_id: string }) => p.product_id === productId);
  };

  async function submit(lines: { product_id: string; quantity: number }[]): Promise<string> {
    const res = await orders().post('/api/dealer/submit-order').set(dealer()).send({ product_orders: lines });
    expect(res.status).toBe(200);
    return res.body.order_id;
  }
  async function move(orderId: string, status: OrderStatus): Promise<void> {
    const res = await orders().put(`/api/admin/update-order/${orderId}`).set(admin).send({ status });
    expect(res.status).toBe(200);
  }
  const settled = () =>
    eventsSettled(portal.transport, [portal.service('order'), portal.service('catalog')], { collectors: ['identity'] });

  test('When an order is confirmed, shipped and another cancelled, Then reserved and on hand follow, and dealers see only the label', async () => {
    const product = await newProduct({ stock_on_hand: '20', low_stock_threshold: '5' });
    expect(product).toMatchObject({
      stock_on_hand: 20,
      stock_reserved: 0,
      stock_available: 20,
      availability: 'in_stock',
    });

    const first = await submit([{ product_id: product.product_id, quantity: 6 }]);
    const second = await submit([{ product_id: product.product_id, quantity: 4 }]);
    await settled();
    expect(await adminView(product.product_id)).toMatchObject({ stock_on_hand: 20, stock_reserved: 0 });

    await move(first, 'confirmed');
    await move(second, 'confirmed');
    await settled();
    expect(await adminView(product.product_id)).toMatchObject({
      stock_on_hand: 20,
      stock_reserved: 10,
      stock_available: 10,
      availability: 'in_stock',
    });

    await move(first, 'in_shipment');
    await settled();
    expect(await adminView(product.product_id)).toMatchObject({ stock_on_hand: 14, stock_reserved: 4 });

    await move(second, 'cancelled');
    await move(first, 'delivered');
    await settled();
    expect(await adminView(product.product_id)).toMatchObject({ stock_on_hand: 14, stock_reserved: 0 });

    // an admin's save without stock_on_hand (the form leaves it out when untouched) keeps what shipping took
    const rename = await withForm(
      catalog().put(`/api/admin/update-product/${product.product_id}`).set(admin),
      productForm({ title: 'Renamed while shipping', low_stock_threshold: '5' }),
    );
    expect(rename.status).toBe(200);
    expect(await adminView(product.product_id)).toMatchObject({ title: 'Renamed while shipping', stock_on_hand: 14 });

    const seen = await dealerView(product.product_id);
    expect(seen.availability).toBe('in_stock');
    expect(seen).not.toHaveProperty('stock_on_hand');
    expect(seen).not.toHaveProperty('stock_reserved');
    expect(seen).not.toHaveProperty('stock_available');
  });

  test('When confirmed orders take a product to its level and below 0, Then it is low stock then backorder, still orderable, and product.stock_low is announced once', async () => {
    const product = await newProduct({ stock_on_hand: '8', low_stock_threshold: '3' });
    const a = await submit([{ product_id: product.product_id, quantity: 5 }]);
    await move(a, 'confirmed');
    await settled();
    expect((await dealerView(product.product_id)).availability).toBe('low_stock');
    const announced = () => stockLow.filter((e) => e.payload.product_id === product.product_id);
    expect(announced().map((e) => e.payload)).toEqual([
      { product_id: product.product_id, title: product.title, sku: null, available: 3, low_stock_threshold: 3 },
    ]);

    // further falls while announced announce nothing; dealers may still order on backorder
    const b = await submit([{ product_id: product.product_id, quantity: 7 }]);
    await move(b, 'confirmed');
    await settled();
    expect((await dealerView(product.product_id)).availability).toBe('backorder');
    expect(await adminView(product.product_id)).toMatchObject({ stock_available: -4, availability: 'backorder' });
    expect(announced()).toHaveLength(1);

    // back above the level (both cancelled), then down again: announced a second time
    await move(b, 'cancelled');
    await move(a, 'cancelled');
    await settled();
    expect((await dealerView(product.product_id)).availability).toBe('in_stock');
    const c = await submit([{ product_id: product.product_id, quantity: 6 }]);
    await move(c, 'confirmed');
    await settled();
    expect(announced().map((e) => e.payload.available)).toEqual([3, 2]);
  });

  test('When an admin counts the stock up above the level, Then the low-stock list loses it; counted down to it, it is announced', async () => {
    const product = await newProduct({
      stock_on_hand: '50',
      low_stock_threshold: '10',
      sku: `LS-${randomUUID().slice(0, 6)}`,
    });
    const low = async () => (await catalog().get('/api/admin/products?stock=low&limit=1').set(admin)).body;
    const before = (await low()).total;

    const update = (fields: Record<string, string>) =>
      withForm(catalog().put(`/api/admin/update-product/${product.product_id}`).set(admin), productForm(fields));
    expect((await update({ stock_on_hand: '10', low_stock_threshold: '10' })).status).toBe(200);
    await settled();
    expect((await low()).total).toBe(before + 1);
    expect(stockLow.filter((e) => e.payload.product_id === product.product_id)).toHaveLength(1);

    expect((await update({ stock_on_hand: '11', low_stock_threshold: '10' })).status).toBe(200);
    expect((await low()).total).toBe(before);
  });

  test('When many orders are confirmed, cancelled, reopened and shipped concurrently, Then reserved and on hand equal what the final statuses imply', async () => {
    const tracked = [
      await newProduct({ stock_on_hand: '1000', low_stock_threshold: '0' }),
      await newProduct({ stock_on_hand: '1000' }),
    ];
    const random = seeded(24);
    const placed = await Promise.all(
      Array.from({ length: 24 }, async () => {
        const lines = tracked.map((p) => ({ product_id: p.product_id, quantity: 1 + random(5) }));
        return { orderId: await submit(lines), lines };
      }),
    );
    // each order walks its own random path by the transition table (its moves in turn); the orders all at once
    const paths: OrderStatus[][] = [
      ['confirmed'],
      ['confirmed', 'cancelled'],
      ['confirmed', 'in_shipment'],
      ['confirmed', 'in_shipment', 'confirmed'],
      ['confirmed', 'cancelled', 'pending', 'confirmed'],
      ['confirmed', 'in_shipment', 'delivered'],
      ['cancelled', 'pending', 'confirmed', 'pending'],
      ['confirmed', 'shipped'],
    ];
    const finals = await Promise.all(
      placed.map(async ({ orderId }, i) => {
        const path = paths[(i + random(paths.length)) % paths.length] as OrderStatus[];
        for (const status of path) await move(orderId, status);
        return path[path.length - 1] as OrderStatus;
      }),
    );
    await settled();

    for (const product of tracked) {
      let reserved = 0;
      let onHand = 1000;
      placed.forEach(({ lines }, i) => {
        const quantity = lines.find((l) => l.product_id === product.product_id)?.quantity ?? 0;
        const effect = stockEffect(null, finals[i] as OrderStatus);
        reserved += effect.reserved * quantity;
        onHand += effect.on_hand * quantity;
      });
      expect(await adminView(product.product_id)).toMatchObject({ stock_reserved: reserved, stock_on_hand: onHand });
    }
  });

  test('When a stock filter or limit is wrong, or a dealer asks for the admin list, Then 400 and 403', async () => {
    expect((await catalog().get('/api/admin/products?stock=high').set(admin)).status).toBe(400);
    expect((await catalog().get('/api/admin/products?limit=0').set(admin)).status).toBe(400);
    expect((await catalog().get('/api/admin/products?stock=low&limit=1').set(dealer())).status).toBe(403);
  });

  test('When the stock figures are not whole numbers of 0 or more, Then 400 naming the field; blank means not tracked', async () => {
    const create = (stock: Record<string, string>) =>
      withForm(catalog().post('/api/admin/create-product').set(admin), productForm(stock), png);
    const negative = await create({ stock_on_hand: '-1' });
    expect(negative.status).toBe(400);
    expect(negative.body.detail).toBe('Error: Stock on hand must be a whole number of 0 or more');
    const fraction = await create({ low_stock_threshold: '2.5' });
    expect(fraction.status).toBe(400);
    expect(fraction.body.detail).toBe('Error: Low-stock level must be a whole number of 0 or more');
    const blank = await create({ stock_on_hand: '', low_stock_threshold: '' });
    expect(blank.status).toBe(200);
    expect(blank.body.product).toMatchObject({ stock_on_hand: null, low_stock_threshold: null, availability: null });
  });
});

describe('order events over RabbitMQ, published concurrently from several connections', () => {
  const logger = createLogger('test', 'silent');
  const names = { exchange: uniqueName('stocktest.events'), queuePrefix: uniqueName('stocktest') };
  let amqp: EventTransport;
  let publishers: EventTransport[] = [];
  let catalog: TestService;
  /** ids of the deliveries the catalog finished handling (applied or skipped as already processed) */
  const handled: string[] = [];

  beforeAll(async () => {
    amqp = createAmqpTransport({ url: testAmqpUrl(), logger, ...names });
    // the catalog's consumer, watched: every delivery it finished, applied or skipped as a duplicate
    const watched: EventTransport = {
      publish: (envelope, headers) => amqp.publish(envelope, headers),
      subscribe: (service, types, handler, opts) =>
        amqp.subscribe(
          service,
          types,
          async (delivery) => {
            await handler(delivery);
            handled.push(delivery.envelope.id);
          },
          opts,
        ),
      close: () => amqp.close(),
    };
    catalog = await startTestService(catalogService, {
      prefix: 'catalog_stock_amqp',
      deps: { transport: watched, logger },
    });
    publishers = Array.from({ length: 4 }, () => createAmqpTransport({ url: testAmqpUrl(), logger, ...names }));
  });
  afterAll(async () => {
    await catalog?.stop();
    for (const publisher of publishers) await publisher.close();
    const connection = await connect(testAmqpUrl());
    connection.on('error', () => undefined);
    try {
      const channel = await connection.createChannel();
      channel.on('error', () => undefined);
      for (const suffix of ['', '.retry', '.dlq']) await channel.deleteQueue(`${names.queuePrefix}.catalog${suffix}`);
      await channel.deleteExchange(names.exchange);
    } finally {
      await connection.close();
    }
  });

  test('When 120 orders are created, confirmed and half cancelled at once, and a third of the events delivered twice, Then reserved counts each event once', async () => {
    const admin = bearer(catalog.tokenFor({ role: 'admin' }));
    const created = await withForm(
      catalog.http().post('/api/admin/create-product').set(admin),
      productForm({ stock_on_hand: '100000', low_stock_threshold: '10' }),
      png,
    );
    expect(created.status).toBe(200);
    const productId: string = created.body.product.product_id;

    const random = seeded(42);
    const envelope = (type: 'order.created' | 'order.updated', orderId: string, payload: unknown) => ({
      id: randomUUID(),
      type,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'order' as const,
      aggregateId: orderId,
      payload,
    });
    const events: EventEnvelope[] = [];
    let expected = 0;
    for (let i = 0; i < 120; i++) {
      const orderId = randomUUID();
      const quantity = 1 + random(9);
      const items = [
        { product_id: productId, title: 'Hub Blind', quantity, price_cents: 100, is_custom: false },
        { product_id: 'custom_strap', title: 'Strap', quantity: 3, price_cents: 50, is_custom: true },
      ];
      const common = { order_id: orderId, dealer_id: 'D1', total_cents: 100 * quantity + 150, items, notes: null };
      events.push(
        envelope(OrderCreated.type, orderId, { ...common, status: 'confirmed', created_at: new Date().toISOString() }),
      );
      const cancelled = i % 2 === 0;
      if (cancelled)
        events.push(
          envelope(OrderUpdated.type, orderId, {
            ...common,
            status: 'cancelled',
            previous_status: 'confirmed',
            payment_status: 'unpaid',
            paid_cents: 0,
          }),
        );
      else expected += quantity;
    }
    const duplicates = events.filter((_, i) => i % 3 === 0);
    const deliveries = [...events, ...duplicates];
    await Promise.all(deliveries.map((e, i) => publishers[i % publishers.length]?.publish(e, {})));

    await eventually(() => expect(handled.length).toBeGreaterThanOrEqual(deliveries.length), 30_000);
    const processed: { n: number }[] = await catalog.service.ctx.db.query(
      'SELECT count(*)::int AS n FROM processed_events WHERE event_id = ANY($1::uuid[])',
      [events.map((e) => e.id)],
    );
    expect(processed[0]?.n).toBe(events.length);
    const [row] = await catalog.service.ctx.db.query(
      'SELECT stock_on_hand, stock_reserved FROM products WHERE product_id = $1',
      [productId],
    );
    expect(row).toEqual({ stock_on_hand: 100000, stock_reserved: expected });
  });
});

/**
 * The shipping service as it runs in production — real PostgreSQL (a fresh database) and the event bus — through
 * the platform's test harness. Dealers, coordinates and orders reach it as the dealer, geocoding and order
 * services announce them (deliverEvent waits until the consumer applied each); every shipment.* event it
 * publishes is collected as the order service would receive it.
 *
 * The bus is the in-process one (as on one machine), or with `{ rabbit: true }` the real RabbitMQ of
 * TEST_AMQP_URL (as in the distributed system), on an exchange and queues named for this run only and deleted
 * by `stop()`.
 */
import { randomUUID } from 'node:crypto';
import {
  DealerCreated,
  DealerGeocoded,
  type EventDef,
  type EventEnvelope,
  OrderCreated,
  OrderUpdated,
  type PayloadOfType,
} from '@portal/contracts';
import {
  createAmqpTransport,
  createInProcessTransport,
  createLogger,
  type EventTransport,
  type ObjectStore,
} from '@portal/platform';
import {
  bearer,
  collectEvents,
  deliverEvent,
  eventsSettled,
  newDealerSnapshot,
  startTestService,
  type TestService,
  testAmqpUrl,
  uniqueName,
  withDependencies,
} from '@portal/platform/testing';
import { connect } from 'amqplib';
import type { z } from 'zod';
import { shippingService } from '../../src/app';

export { eventually } from '@portal/platform/testing';

type OrderState = PayloadOfType<'order.updated'>;

export interface TestShipping {
  shipping: TestService;
  /** the bus between shipping and the (test's) other services: publish an event as one of them would */
  transport: EventTransport;
  api: TestService['http'];
  admin: Record<string, string>;
  delivery: Record<string, string>;
  dealer: Record<string, string>;
  deliver<D extends EventDef>(
    def: D,
    aggregateId: string,
    payload: z.input<D['payload']>,
    opts?: { producer?: 'order' | 'dealer' | 'geocoding' | 'identity' },
  ): Promise<string>;
  /** a dealer shipping knows (dealer.created, then dealer.geocoded when coordinates are given) */
  newDealer(fields?: { business_name?: string; city?: string; lat?: number; lng?: number }): Promise<string>;
  /** an order as order.created announces it (confirmed unless told) */
  newOrder(dealerId: string, fields?: { status?: OrderState['status']; total_cents?: number }): Promise<string>;
  /** order.updated for an order, as the order service would announce a change */
  updateOrder(
    orderId: string,
    dealerId: string,
    status: OrderState['status'],
    previous: OrderState['status'],
  ): Promise<string>;
  /** shipment.* events published so far */
  events: EventEnvelope<Record<string, unknown>>[];
  /**
   * Resolves once every event on the in-process bus was handled, by shipping and by the order collector (a
   * redelivery too, which leaves no trace): what a test awaits before it shows that something did not change.
   */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** The key the test service signs proof image links with (a test makes its own links with it). */
export const TEST_SIGNING_KEY = 'test-download-signing-key-0123456789abcdef';

export interface StartShippingOptions {
  rabbit?: boolean;
  /** the object store (default the harness's file store) */
  objects?: ObjectStore;
  /** the service's clock (default the real one): a test steps it forward instead of waiting */
  clock?: () => Date;
}

export async function startShipping(prefix: string, opts: StartShippingOptions = {}): Promise<TestShipping> {
  const logger = createLogger('test', 'silent');
  const rabbit = opts.rabbit ? { exchange: uniqueName('shiptest.events'), queuePrefix: uniqueName('shiptest') } : null;
  const inProcess = rabbit ? null : createInProcessTransport({ logger });
  const transport: EventTransport = rabbit
    ? createAmqpTransport({ url: testAmqpUrl(), logger, ...rabbit })
    : inProcess!;
  let shipping: TestService;
  try {
    const definition = opts.clock ? withDependencies(shippingService, { clock: opts.clock }) : shippingService;
    shipping = await startTestService(definition, {
      prefix,
      env: { DOWNLOAD_SIGNING_KEY: TEST_SIGNING_KEY },
      deps: { transport, logger, ...(opts.objects ? { objects: opts.objects } : {}) },
    });
  } catch (err) {
    await transport.close();
    if (rabbit) await deleteRabbitNames(rabbit);
    throw err;
  }
  const events = await collectEvents(transport, 'order', [
    'shipment.created',
    'shipment.order_status_changed',
    'shipment.delivery_undone',
  ]);
  const deliver: TestShipping['deliver'] = (def, aggregateId, payload, opts) =>
    deliverEvent(transport, shipping.service, def, aggregateId, payload, { producer: opts?.producer ?? 'order' });
  const items = [{ product_id: 'P1', title: 'Hub Blind', quantity: 2, price_cents: 24999, is_custom: false }];
  return {
    shipping,
    transport,
    api: () => shipping.http(),
    admin: bearer(shipping.tokenFor({ role: 'admin' })),
    delivery: bearer(shipping.tokenFor({ role: 'delivery' })),
    dealer: bearer(shipping.tokenFor({ role: 'dealer', dealerId: 'dealer-1' })),
    deliver,
    async newDealer(fields = {}) {
      const snapshot = newDealerSnapshot({
        business_name: fields.business_name,
        phone: '555-0100',
        address: '100 Main St',
        city: fields.city ?? 'Austin',
        state: 'TX',
        zip_code: '78701',
      });
      const dealerId = snapshot.dealer_id;
      await deliver(DealerCreated, dealerId, snapshot, { producer: 'dealer' });
      if (fields.lat !== undefined && fields.lng !== undefined)
        await deliver(
          DealerGeocoded,
          dealerId,
          { dealer_id: dealerId, lat: fields.lat, lng: fields.lng, status: 'ok', error: null },
          { producer: 'geocoding' },
        );
      return dealerId;
    },
    async newOrder(dealerId, fields = {}) {
      const orderId = randomUUID();
      await deliver(OrderCreated, orderId, {
        order_id: orderId,
        dealer_id: dealerId,
        status: fields.status ?? 'confirmed',
        total_cents: fields.total_cents ?? 49998,
        items,
        notes: 'Leave at the back door',
        created_at: new Date().toISOString(),
      });
      return orderId;
    },
    updateOrder: (orderId, dealerId, status, previous) =>
      deliver(OrderUpdated, orderId, {
        order_id: orderId,
        dealer_id: dealerId,
        status,
        previous_status: previous,
        payment_status: 'unpaid',
        total_cents: 49998,
        paid_cents: 0,
        items,
        notes: 'Leave at the back door',
      }),
    events,
    async settled() {
      // RabbitMQ does not count the deliveries a consumer holds unacknowledged: nothing there to wait for
      if (!inProcess) throw new Error('settled() needs the in-process bus');
      await eventsSettled(inProcess, [shipping.service], { collectors: ['order'] });
    },
    async stop() {
      await shipping.stop();
      await transport.close();
      if (rabbit) await deleteRabbitNames(rabbit);
    },
  };
}

/** Deletes the queues (of shipping and of the test's order service) and the exchange a RabbitMQ run declared. */
async function deleteRabbitNames(names: { exchange: string; queuePrefix: string }): Promise<void> {
  const connection = await connect(testAmqpUrl());
  connection.on('error', () => undefined);
  try {
    const channel = await connection.createChannel();
    channel.on('error', () => undefined);
    for (const service of ['shipping', 'order'])
      for (const suffix of ['', '.retry', '.dlq'])
        await channel.deleteQueue(`${names.queuePrefix}.${service}${suffix}`);
    await channel.deleteExchange(names.exchange);
  } finally {
    await connection.close();
  }
}

/**
 * The shipping service as it runs in production — real PostgreSQL (a fresh database) and the event bus — through
 * the platform's test harness. Dealers, coordinates and orders reach it as the dealer, geocoding and order
 * services announce them (deliverEvent waits until the consumer applied each); every shipment.* event it
 * publishes is collected as the order service would receive it.
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
import { createInProcessTransport, createLogger, type InProcessTransport } from '@portal/platform';
import { bearer, dealerSnapshot, deliverEvent, startTestService, type TestService } from '@portal/platform/testing';
import type { z } from 'zod';
import { shippingService } from '../../src/app';

export { eventually } from '@portal/platform/testing';

type OrderState = PayloadOfType<'order.updated'>;

export interface TestShipping {
  shipping: TestService;
  transport: InProcessTransport;
  api: TestService['http'];
  admin: Record<string, string>;
  delivery: Record<string, string>;
  dealer: Record<string, string>;
  deliver<D extends EventDef>(
    def: D,
    aggregateId: string,
    payload: z.input<D['payload']>,
    opts?: { producer?: 'order' | 'dealer' | 'geocoding' },
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
  stop(): Promise<void>;
}

export async function startShipping(prefix: string): Promise<TestShipping> {
  const logger = createLogger('test', 'silent');
  const transport = createInProcessTransport({ logger });
  const shipping = await startTestService(shippingService, { prefix, deps: { transport, logger } });
  const events: EventEnvelope<Record<string, unknown>>[] = [];
  await transport.subscribe('order', ['shipment.created', 'shipment.order_status_changed'], async ({ envelope }) => {
    events.push(envelope as EventEnvelope<Record<string, unknown>>);
  });
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
      const dealerId = `D${randomUUID().slice(0, 8).toUpperCase()}`;
      await deliver(
        DealerCreated,
        dealerId,
        dealerSnapshot({
          dealer_id: dealerId,
          email: `${dealerId.toLowerCase()}@example.com`,
          business_name: fields.business_name ?? `Blinds ${dealerId}`,
          full_name: 'Pat Dealer',
          phone: '555-0100',
          address: '100 Main St',
          city: fields.city ?? 'Austin',
          state: 'TX',
          zip_code: '78701',
        }),
        { producer: 'dealer' },
      );
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
    async stop() {
      await shipping.stop();
      await transport.close();
    },
  };
}

/**
 * The order service as it runs in production — real PostgreSQL (a fresh database) and the event bus — through
 * the platform's test harness. Dealers and products reach it as the dealer and catalog services announce them
 * (deliverEvent waits until the consumer applied each), and every order.* / payment.* event it publishes is
 * collected as shipping and incentives would receive it.
 */
import { randomUUID } from 'node:crypto';
import {
  DealerArchived,
  DealerCreated,
  type EventDef,
  type EventEnvelope,
  ProductCreated,
  type ProductSnapshot,
} from '@portal/contracts';
import { createInProcessTransport, createLogger, type InProcessTransport } from '@portal/platform';
import {
  bearer,
  collectEvents,
  deliverEvent,
  newDealerSnapshot,
  startTestService,
  type TestService,
} from '@portal/platform/testing';
import type { z } from 'zod';
import { orderService } from '../../src/app';

export { eventually } from '@portal/platform/testing';

export interface TestOrders {
  orders: TestService;
  /** the bus the service listens on (to publish late or repeated deliveries by hand) */
  transport: InProcessTransport;
  api: TestService['http'];
  admin: Record<string, string>;
  delivery: Record<string, string>;
  dealerToken(dealerId: string): Record<string, string>;
  /** publishes an event as its producer would; resolves once the order service applied it */
  deliver<D extends EventDef>(def: D, aggregateId: string, payload: z.input<D['payload']>): Promise<string>;
  /** a dealer the order service knows (dealer.created delivered) */
  newDealer(fields?: { business_name?: string; city?: string; state?: string }): Promise<string>;
  archiveDealer(dealerId: string): Promise<void>;
  /** a product the order service knows (product.created delivered) */
  newProduct(fields?: Partial<ProductSnapshot>): Promise<ProductSnapshot>;
  /** order.*, payment.* events received so far */
  events: EventEnvelope<Record<string, unknown>>[];
  stop(): Promise<void>;
}

export async function startOrders(prefix: string): Promise<TestOrders> {
  const logger = createLogger('test', 'silent');
  const transport = createInProcessTransport({ logger });
  const orders = await startTestService(orderService, { prefix, deps: { transport, logger } });
  const events = await collectEvents(transport, 'shipping', ['order.created', 'order.updated', 'payment.recorded']);
  const deliver = <D extends EventDef>(def: D, aggregateId: string, payload: z.input<D['payload']>) =>
    deliverEvent(transport, orders.service, def, aggregateId, payload);
  return {
    orders,
    transport,
    api: () => orders.http(),
    admin: bearer(orders.tokenFor({ role: 'admin' })),
    delivery: bearer(orders.tokenFor({ role: 'delivery' })),
    dealerToken: (dealerId) => bearer(orders.tokenFor({ role: 'dealer', dealerId })),
    deliver,
    async newDealer(fields = {}) {
      const snapshot = newDealerSnapshot({
        business_name: fields.business_name,
        phone: '555-0100',
        city: fields.city ?? 'Austin',
        state: fields.state ?? 'TX',
      });
      await deliver(DealerCreated, snapshot.dealer_id, snapshot);
      return snapshot.dealer_id;
    },
    async archiveDealer(dealerId) {
      await deliver(DealerArchived, dealerId, { dealer_id: dealerId, archived_at: new Date().toISOString() });
    },
    async newProduct(fields = {}) {
      const product: ProductSnapshot = {
        product_id: randomUUID(),
        title: `Hub Blind ${Math.random().toString(36).slice(2, 7)}`,
        description: 'Two-person hub blind',
        price_cents: 24999,
        status: 'active',
        image_filename: null,
        ...fields,
      };
      await deliver(ProductCreated, product.product_id, product);
      return product;
    },
    events,
    async stop() {
      await orders.stop();
      await transport.close();
    },
  };
}

/**
 * The incentive service as it runs in production — real PostgreSQL (a fresh database) and the event bus —
 * through the platform's test harness. Dealers, orders and payments reach it only as events, published as the
 * dealer and order services would (with a chosen id and time when a test is about redelivery or order), and
 * every event it publishes is collected as its consumers would receive it.
 */
import { randomUUID } from 'node:crypto';
import {
  DealerCreated,
  type EventDef,
  type EventEnvelope,
  OrderCreated,
  OrderUpdated,
  type PayloadOfType,
  PaymentRecorded,
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
import { incentiveService } from '../../src/app';

export { eventually } from '@portal/platform/testing';

export interface Published {
  /** the event id (to deliver the same message again) */
  id: string;
  occurredAt: string;
}

export interface TestIncentives {
  service: TestService;
  transport: InProcessTransport;
  api: TestService['http'];
  admin: Record<string, string>;
  dealerAuth: Record<string, string>;
  delivery: Record<string, string>;
  /**
   * Publishes an event as its producer would (a given id redelivers a message; a given time places it before
   * or after others) and resolves once the incentive service applied (or skipped) it.
   */
  publish<D extends EventDef>(
    def: D,
    aggregateId: string,
    payload: z.input<D['payload']>,
    opts?: { id?: string; occurredAt?: string },
  ): Promise<Published>;
  /** a dealer the service knows (dealer.created), with an email */
  newDealer(fields?: { business_name?: string; full_name?: string; city?: string; state?: string }): Promise<string>;
  /** order.created for the dealer: `lines` are [quantity, price_cents] pairs */
  placeOrder(
    dealerId: string,
    lines: [number, number][],
    opts?: { createdAt?: string; occurredAt?: string; id?: string; orderId?: string },
  ): Promise<PayloadOfType<'order.created'> & Published>;
  /** order.updated with the order's full new state */
  updateOrder(
    order: PayloadOfType<'order.created'>,
    changes: { status?: PayloadOfType<'order.updated'>['status']; lines?: [number, number][]; paidCents?: number },
    opts?: { occurredAt?: string },
  ): Promise<Published>;
  pay(
    order: PayloadOfType<'order.created'>,
    amountCents: number,
    paidCents: number,
    opts?: { occurredAt?: string },
  ): Promise<Published>;
  /** incentive.* and notification.* events the service published so far */
  events: EventEnvelope<Record<string, unknown>>[];
  stop(): Promise<void>;
}

const linesOf = (lines: [number, number][]) =>
  lines.map(([quantity, price], i) => ({
    product_id: `p${i}`,
    title: `Hub Blind ${i}`,
    quantity,
    price_cents: price,
    is_custom: false,
  }));
const totalOf = (lines: [number, number][]) => lines.reduce((sum, [quantity, price]) => sum + quantity * price, 0);

export async function startIncentives(prefix: string): Promise<TestIncentives> {
  const logger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const transport = createInProcessTransport({ logger });
  const service = await startTestService(incentiveService, { prefix, deps: { transport, logger } });
  const events = await collectEvents(transport, 'identity', [
    'incentive.threshold_reached',
    'notification.email_requested',
  ]);
  const publish: TestIncentives['publish'] = async (def, aggregateId, payload, opts = {}) => {
    const occurredAt = opts.occurredAt ?? new Date().toISOString();
    const producer = def.type.startsWith('dealer.')
      ? 'dealer'
      : def.type.startsWith('settings.')
        ? 'identity'
        : 'order';
    const id = await deliverEvent(transport, service.service, def, aggregateId, payload, {
      producer,
      occurredAt,
      id: opts.id,
    });
    return { id, occurredAt };
  };

  return {
    service,
    transport,
    api: () => service.http(),
    admin: bearer(service.tokenFor({ role: 'admin' })),
    dealerAuth: bearer(service.tokenFor({ role: 'dealer', dealerId: 'dealer-1' })),
    delivery: bearer(service.tokenFor({ role: 'delivery' })),
    publish,
    async newDealer(fields = {}) {
      const snapshot = newDealerSnapshot({ city: 'Austin', state: 'TX', ...fields });
      await publish(DealerCreated, snapshot.dealer_id, snapshot);
      return snapshot.dealer_id;
    },
    async placeOrder(dealerId, lines, opts = {}) {
      const payload: PayloadOfType<'order.created'> = {
        order_id: opts.orderId ?? randomUUID(),
        dealer_id: dealerId,
        status: 'pending',
        total_cents: totalOf(lines),
        items: linesOf(lines),
        notes: null,
        created_at: opts.createdAt ?? new Date().toISOString(),
      };
      const published = await publish(OrderCreated, payload.order_id, payload, opts);
      return { ...payload, ...published };
    },
    updateOrder(order, changes, opts = {}) {
      const lines = changes.lines;
      return publish(
        OrderUpdated,
        order.order_id,
        {
          order_id: order.order_id,
          dealer_id: order.dealer_id,
          status: changes.status ?? order.status,
          previous_status: order.status,
          payment_status: 'unpaid',
          total_cents: lines ? totalOf(lines) : order.total_cents,
          paid_cents: changes.paidCents ?? 0,
          items: lines ? linesOf(lines) : order.items,
          notes: null,
        },
        opts,
      );
    },
    pay(order, amountCents, paidCents, opts = {}) {
      return publish(
        PaymentRecorded,
        order.order_id,
        {
          payment_id: randomUUID(),
          order_id: order.order_id,
          dealer_id: order.dealer_id,
          amount_cents: amountCents,
          payment_method: 'cash',
          payment_status: paidCents >= order.total_cents ? 'fully_paid' : 'partially_paid',
          total_cents: order.total_cents,
          paid_cents: paidCents,
          created_at: new Date().toISOString(),
        },
        opts,
      );
    },
    events,
    async stop() {
      await service.stop();
      await transport.close();
    },
  };
}

/** An ISO time `seconds` from now (negative: in the past). */
export const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

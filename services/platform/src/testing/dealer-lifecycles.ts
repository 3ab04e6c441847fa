import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@portal/contracts';
import type { DealerEvent, DealerEventType } from '../db/dealer-directory';
import { dealerSnapshot } from './test-events';

/**
 * Dealer lifecycles for the dealer read model's tests: one dealer's events with fixed times, delivered in every
 * order and with a repeated event, must leave every copy of the dealer as delivery in time order does.
 */

/** One step of a lifecycle: the event and the second it happened at (its occurredAt). */
export interface LifecycleStep {
  type: DealerEventType;
  second: number;
}

/** created, updated, archived, restored, deleted: the login ends removed. */
export const FULL_LIFECYCLE: readonly LifecycleStep[] = [
  { type: 'dealer.created', second: 1 },
  { type: 'dealer.updated', second: 2 },
  { type: 'dealer.archived', second: 3 },
  { type: 'dealer.restored', second: 4 },
  { type: 'dealer.deleted', second: 5 },
];
/** archived, then restored: the dealer ends active (a late archive must not disable it). */
export const RESTORED_LIFECYCLE = FULL_LIFECYCLE.slice(0, 4);
/** restored, then archived: the dealer ends archived (a late restore must not enable it). */
export const ARCHIVED_LIFECYCLE: readonly LifecycleStep[] = [
  { type: 'dealer.created', second: 1 },
  { type: 'dealer.updated', second: 2 },
  { type: 'dealer.restored', second: 3 },
  { type: 'dealer.archived', second: 4 },
];

const BASE = Date.parse('2026-01-01T00:00:00.000Z');

/** The envelope of one step for `dealerId`; created and updated carry different fields (the address moves). */
export function lifecycleEvent(dealerId: string, step: LifecycleStep): DealerEvent {
  const occurredAt = new Date(BASE + step.second * 1000).toISOString();
  const envelope = { id: randomUUID(), version: 1, occurredAt, producer: 'dealer' as const, aggregateId: dealerId };
  const payload = (() => {
    switch (step.type) {
      case 'dealer.created':
      case 'dealer.updated':
        return dealerSnapshot({
          dealer_id: dealerId,
          email: `${dealerId}@example.com`,
          business_name: `${step.type === 'dealer.created' ? 'First' : 'Second'} Name ${dealerId}`,
          phone: `555-010${step.second}`,
          address: step.type === 'dealer.created' ? '100 Main St' : '200 Oak Ave',
          city: step.type === 'dealer.created' ? 'Austin' : 'Dallas',
          state: 'TX',
          zip_code: step.type === 'dealer.created' ? '73301' : '75201',
        });
      case 'dealer.archived':
        return { dealer_id: dealerId, archived_at: occurredAt };
      default:
        return { dealer_id: dealerId };
    }
  })();
  return { ...envelope, type: step.type, payload } as EventEnvelope as DealerEvent;
}

/** Every order of `items`. */
export function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/**
 * The events of `steps` for `dealerId` in the order `order` gives, and the event at position `repeat % n`
 * sent again as a new event (a retry by its producer: same payload and time, another id) at position
 * `repeat % (n + 1)`.
 */
export function deliveryOrder(dealerId: string, order: readonly LifecycleStep[], repeat: number): DealerEvent[] {
  const events = order.map((step) => lifecycleEvent(dealerId, step));
  const again = { ...events[repeat % events.length], id: randomUUID() } as DealerEvent;
  events.splice(repeat % (events.length + 1), 0, again);
  return events;
}

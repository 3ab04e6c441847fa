/** What the other services of a test would announce (a new dealer) or receive (the events collected). */
import { randomUUID } from 'node:crypto';
import type { DealerSnapshot, EventEnvelope, ServiceName } from '@portal/contracts';
import type { EventTransport } from '../events';
import { dealerSnapshot } from './test-events';

/**
 * A new dealer as the dealer service would announce it, for a service that keeps dealers as a read model: a fresh
 * id (D + 8 characters, as the dealer service makes them), an email and business name derived from it, the
 * contact "Pat Dealer", and whatever `fields` the test sets (an undefined field keeps its default; every other
 * snapshot field is null).
 */
export function newDealerSnapshot(fields: Partial<DealerSnapshot> = {}): DealerSnapshot {
  const dealerId = fields.dealer_id ?? `D${randomUUID().slice(0, 8).toUpperCase()}`;
  return dealerSnapshot({
    dealer_id: dealerId,
    email: `${dealerId.toLowerCase()}@example.com`,
    business_name: `Blinds ${dealerId}`,
    full_name: 'Pat Dealer',
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
  });
}

/**
 * Collects the events of `types` the service under test publishes, as the service `as` would receive them
 * (subscribed before the test acts, so none is missed). Answers the array the events are pushed onto.
 */
export async function collectEvents<P = Record<string, unknown>>(
  transport: EventTransport,
  as: ServiceName,
  types: readonly string[],
): Promise<EventEnvelope<P>[]> {
  const events: EventEnvelope<P>[] = [];
  await transport.subscribe(as, [...types], async ({ envelope }) => {
    events.push(envelope as EventEnvelope<P>);
  });
  return events;
}

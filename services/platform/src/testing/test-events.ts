import { randomUUID } from 'node:crypto';
import { DEALER_SNAPSHOT_FIELDS, type DealerSnapshot, type EventDef, type ServiceName } from '@portal/contracts';
import type { z } from 'zod';
import type { EventTransport, InProcessTransport } from '../events';
import type { RunningService } from '../service';

/**
 * A dealer as dealer.created/updated carry it: `dealer_id` and `email` given, every other snapshot field null
 * unless the test sets it. Built from the contract's field list, so a new snapshot field needs no test edits.
 */
export function dealerSnapshot(fields: Partial<DealerSnapshot> & Pick<DealerSnapshot, 'dealer_id' | 'email'>) {
  const empty = Object.fromEntries(DEALER_SNAPSHOT_FIELDS.map((name) => [name, null]));
  return { ...empty, ...fields } as DealerSnapshot;
}

/**
 * Publishes an event as its producer would and waits until `consumer` has applied it (its id is in the
 * consumer's processed_events), so the test can look at the effect right away. Answers the event id. A given
 * `id` redelivers a message; a given `occurredAt` places it before or after others.
 */
export async function deliverEvent<D extends EventDef>(
  transport: EventTransport,
  consumer: RunningService,
  def: D,
  aggregateId: string,
  payload: z.input<D['payload']>,
  opts: { producer?: ServiceName; timeoutMs?: number; id?: string; occurredAt?: string } = {},
): Promise<string> {
  const id = opts.id ?? randomUUID();
  await transport.publish(
    {
      id,
      type: def.type,
      version: def.version,
      occurredAt: opts.occurredAt ?? new Date().toISOString(),
      producer: opts.producer ?? 'dealer',
      aggregateId,
      payload,
    },
    {},
  );
  const until = Date.now() + (opts.timeoutMs ?? 5000);
  for (;;) {
    const rows: unknown[] = await consumer.ctx.db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [id]);
    if (rows.length) return id;
    if (Date.now() > until) throw new Error(`${def.type} ${id} was not applied by ${consumer.ctx.name} in time`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface SettleOptions {
  /** subscribers on the bus without a service of their own (a test's collectEvents) */
  collectors?: string[];
  timeoutMs?: number;
}

/**
 * Resolves once the events of `services` have all travelled: no row waiting in their outboxes to be published and
 * no delivery to them scheduled, running or waiting for a retry on the in-process bus. What a test awaits before it shows that
 * something did NOT happen (a second mail): after it, nothing more is on its way. The outboxes are read again
 * after the bus, because a delivery still running when they were first read may have written a row.
 */
export async function eventsSettled(
  transport: InProcessTransport,
  services: readonly RunningService[],
  opts: SettleOptions = {},
): Promise<void> {
  const subscribers = [...services.map((service) => service.ctx.name), ...(opts.collectors ?? [])];
  const unsent = async () => {
    let rows = 0;
    for (const service of services) {
      const [row]: { unsent: number }[] = await service.ctx.db.query(
        // a row the bus refused once (attempts > 0) has no subscriber here: it is not on its way to anyone
        'SELECT count(*)::int AS unsent FROM outbox WHERE sent_at IS NULL AND unroutable_at IS NULL AND attempts = 0',
      );
      rows += row?.unsent ?? 0;
    }
    return rows;
  };
  const onTheBus = async () => {
    let deliveries = 0;
    for (const subscriber of subscribers) {
      const stats = await transport.queueStats(subscriber);
      deliveries += (stats?.ready ?? 0) + (stats?.retrying ?? 0);
    }
    return deliveries;
  };
  const until = Date.now() + (opts.timeoutMs ?? 10_000);
  for (;;) {
    if ((await unsent()) === 0 && (await onTheBus()) === 0 && (await unsent()) === 0) return;
    if (Date.now() > until) throw new Error(`events to ${subscribers.join(', ')} still travelling`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

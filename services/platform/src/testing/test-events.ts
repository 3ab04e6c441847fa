import { randomUUID } from 'node:crypto';
import { DEALER_SNAPSHOT_FIELDS, type DealerSnapshot, type EventDef, type ServiceName } from '@portal/contracts';
import type { z } from 'zod';
import type { EventTransport } from '../events';
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

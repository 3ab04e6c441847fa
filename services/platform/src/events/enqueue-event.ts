import { randomUUID } from 'node:crypto';
import type { EventDef, EventEnvelope, ServiceName } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { traceHeaders } from './trace-context';

/** One event of a batch: what it is about and its payload (checked against the event's contract). */
export interface EventItem<P = unknown> {
  aggregateId: string;
  payload: P;
}

function envelopeOf(producer: ServiceName, def: EventDef, aggregateId: string, payload: unknown): EventEnvelope {
  return {
    id: randomUUID(),
    type: def.type,
    version: def.version,
    occurredAt: new Date().toISOString(),
    producer,
    aggregateId,
    payload: def.payload.parse(payload),
  };
}

/**
 * Writes an event into the outbox inside the caller's transaction, so it exists if and only if the change
 * commits. The payload is checked against the contract now (a bad one fails the transaction, not a consumer
 * later) and the active trace context is kept with the row, so consumers continue the producer's trace.
 * Returns the event id.
 */
export async function enqueueEvent<P>(
  manager: EntityManager,
  producer: ServiceName,
  def: EventDef,
  aggregateId: string,
  payload: P,
): Promise<string> {
  const envelope = envelopeOf(producer, def, aggregateId, payload);
  await manager.query(
    'INSERT INTO outbox (id, type, aggregate_id, envelope, headers) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)',
    [envelope.id, envelope.type, aggregateId, JSON.stringify(envelope), JSON.stringify(traceHeaders())],
  );
  return envelope.id;
}

/**
 * `enqueueEvent` for many events of one type, written with ONE insert (the envelopes go as one JSON array,
 * unpacked by PostgreSQL in order, so the outbox keeps their order). Every payload is checked before anything
 * is written: one bad payload throws and no row of the batch is written. The rows carry the same columns and
 * trace context as the single form. Returns the event ids, in the order of `items`.
 */
export async function enqueueEvents<P>(
  manager: EntityManager,
  producer: ServiceName,
  def: EventDef,
  items: readonly EventItem<P>[],
): Promise<string[]> {
  if (!items.length) return [];
  const envelopes = items.map((item) => envelopeOf(producer, def, item.aggregateId, item.payload));
  await manager.query(
    `INSERT INTO outbox (id, type, aggregate_id, envelope, headers)
     SELECT (e.envelope->>'id')::uuid, e.envelope->>'type', e.envelope->>'aggregateId', e.envelope, $2::jsonb
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(envelope, n)
     ORDER BY e.n`,
    [JSON.stringify(envelopes), JSON.stringify(traceHeaders())],
  );
  return envelopes.map((envelope) => envelope.id);
}

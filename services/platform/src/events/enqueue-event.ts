import { randomUUID } from 'node:crypto';
import type { EventDef, EventEnvelope, ServiceName } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { traceHeaders } from './trace-context';

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
  const envelope: EventEnvelope = {
    id: randomUUID(),
    type: def.type,
    version: def.version,
    occurredAt: new Date().toISOString(),
    producer,
    aggregateId,
    payload: def.payload.parse(payload),
  };
  await manager.query(
    'INSERT INTO outbox (id, type, aggregate_id, envelope, headers) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)',
    [envelope.id, envelope.type, aggregateId, JSON.stringify(envelope), JSON.stringify(traceHeaders())],
  );
  return envelope.id;
}

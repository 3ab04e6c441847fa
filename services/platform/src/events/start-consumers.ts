import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { EventEnvelope, type EventType, events, type ServiceName } from '@portal/contracts';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { failureReason, PoisonMessageError } from './delivery-policy';
import { contextFromHeaders, eventTracer } from './trace-context';
import type { Delivery, EventTransport } from './transport';

/** Applies one event; its writes go through `manager`, in the transaction that records the event as processed. */
export type EventHandler = (envelope: EventEnvelope, manager: EntityManager) => Promise<void>;

export interface ConsumersOptions {
  service: ServiceName;
  dataSource: DataSource;
  transport: EventTransport;
  handlers: Record<string, EventHandler>;
  logger: Logger;
  maxAttempts?: number;
  retryDelayMs?: number;
}

/**
 * Subscribes `service` to the event types of `handlers`. Each delivery is checked against the contract (an
 * invalid one goes straight to the DLQ), then applied exactly once: the processed_events insert and the
 * handler's effect share one transaction, and the transport acks only after it commits. A redelivered or
 * duplicated event finds its id already recorded and is skipped.
 */
export async function startConsumers(opts: ConsumersOptions): Promise<void> {
  const logger = opts.logger.child({ component: 'events', consumer: opts.service });
  const types = Object.keys(opts.handlers);
  await opts.transport.subscribe(
    opts.service,
    types,
    (delivery) => inConsumerSpan(opts.service, delivery, () => consume(opts, logger, delivery)),
    { maxAttempts: opts.maxAttempts, retryDelayMs: opts.retryDelayMs },
  );
  logger.info({ types }, 'consuming events');
}

async function consume(opts: ConsumersOptions, logger: Logger, delivery: Delivery): Promise<void> {
  const envelope = validEnvelope(delivery.envelope);
  const handler = opts.handlers[envelope.type];
  if (!handler) {
    logger.warn({ event_id: envelope.id, type: envelope.type }, 'no handler for event type; skipped');
    return;
  }
  const applied = await opts.dataSource.transaction(async (manager) => {
    // A concurrent duplicate blocks on this row until the first commits, then finds it and skips.
    const inserted: unknown[] = await manager.query(
      'INSERT INTO processed_events (event_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id',
      [envelope.id, envelope.type],
    );
    if (!inserted.length) return false;
    await handler(envelope, manager);
    return true;
  });
  const log = { event_id: envelope.id, type: envelope.type, attempt: delivery.attempt };
  if (applied) logger.debug(log, 'event applied');
  else logger.info(log, 'event already processed; skipped');
}

/** The envelope and its payload as the contract defines them; anything else can never succeed. */
function validEnvelope(raw: unknown): EventEnvelope {
  const envelope = EventEnvelope.safeParse(raw);
  if (!envelope.success) throw new PoisonMessageError(`invalid event envelope: ${envelope.error.message}`);
  const type = envelope.data.type;
  if (!Object.hasOwn(events, type)) throw new PoisonMessageError(`unknown event type ${type}`);
  const payload = events[type as EventType].payload.safeParse(envelope.data.payload);
  if (!payload.success) throw new PoisonMessageError(`invalid ${type} payload: ${payload.error.message}`);
  return { ...envelope.data, payload: payload.data };
}

/** Runs `work` in a CONSUMER span `<type> process`, child of the trace context the event carried. */
function inConsumerSpan(service: string, delivery: Delivery, work: () => Promise<void>): Promise<void> {
  const type = typeof delivery.envelope?.type === 'string' ? delivery.envelope.type : 'unknown';
  const parent = contextFromHeaders(delivery.headers);
  const span = eventTracer.startSpan(
    `${type} process`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.operation.type': 'process',
        'messaging.destination.name': type,
        'messaging.consumer.group.name': service,
        'messaging.message.id': String(delivery.envelope?.id),
        'messaging.message.delivery_attempt': delivery.attempt,
      },
    },
    parent,
  );
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      await work();
    } catch (err) {
      span.recordException(err instanceof Error ? err : new Error(String(err)));
      span.setStatus({ code: SpanStatusCode.ERROR, message: failureReason(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

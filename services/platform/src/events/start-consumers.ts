import { type Context, context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { EventEnvelope, eventsByType, isEventType, type ServiceName } from '@portal/contracts';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { afterFailure, failureReason, PoisonMessageError, retryPolicy } from './delivery-policy';
import { contextFromHeaders, eventTracer } from './trace-context';
import type { Delivery, EventTransport } from './transport';

/**
 * What a handler may answer: work to run once its transaction has committed (waking the outbox relay for
 * the events it emitted). Any other answer is ignored.
 */
export type AfterCommit = () => void;

function runAfterCommit(answer: unknown): void {
  if (typeof answer === 'function') (answer as AfterCommit)();
}

/**
 * Applies one event; its writes go through `manager`, in the transaction that records the event as processed.
 * It may answer an AfterCommit, run once that transaction has committed.
 */
export type EventHandler = (envelope: EventEnvelope, manager: EntityManager) => Promise<unknown>;

/**
 * Applies several events at once (in delivery order, each id once; of every type it was given for), in the
 * transaction that records them all as processed. Must have the same effect as the per-event handler applied
 * to each in turn.
 */
export type BatchEventHandler = (envelopes: EventEnvelope[], manager: EntityManager) => Promise<unknown>;

export interface ConsumersOptions {
  service: ServiceName;
  dataSource: DataSource;
  transport: EventTransport;
  handlers: Record<string, EventHandler>;
  /**
   * Batch forms of some handlers, by type; each type needs its per-event handler too (types may share one
   * batch handler, and then share its batches). Deliveries of such a type that arrive together (a relay round,
   * a broker prefetch) are applied in one transaction: one processed_events insert and one handler call,
   * instead of a transaction per event. A lone delivery takes the per-event path, and if a batch fails each of
   * its deliveries is applied on its own with the per-event handler, so retries and dead-lettering stay per
   * event. Only for handlers that touch nothing but the database: a failed batch is rolled back and done again
   * event by event.
   */
  batchHandlers?: Record<string, BatchEventHandler>;
  /** most deliveries applied in one batch; default 100 */
  maxBatch?: number;
  logger: Logger;
  maxAttempts?: number;
  retryDelayMs?: number;
  /** told of each event whose transaction committed, before its message is acknowledged (a test seam) */
  onCommitted?: (envelope: EventEnvelope) => void;
  /**
   * told of a delivery that failed for the last time: the transport parks it in the dead letters (by the same
   * retry policy). Must not throw; the admins hear of it through the system-error reporter.
   */
  onDeadLetter?: (delivery: Delivery, reason: string) => void;
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
  // types sharing one batch handler share its batches, so their events are applied in the order they came
  const batchers = new Map<string, (delivery: Delivery) => Promise<void>>();
  const byHandler = new Map<BatchEventHandler, (delivery: Delivery) => Promise<void>>();
  for (const [type, handler] of Object.entries(opts.batchHandlers ?? {})) {
    if (!opts.handlers[type]) throw new Error(`the batch handler of ${type} has no per-event handler`);
    if (!byHandler.has(handler)) byHandler.set(handler, batcher(opts, logger, handler));
    batchers.set(type, byHandler.get(handler)!);
  }
  const policy = retryPolicy({ maxAttempts: opts.maxAttempts, retryDelayMs: opts.retryDelayMs });
  const apply = (delivery: Delivery) => {
    const batched = batchers.get(String(delivery.envelope?.type));
    if (batched) return batched(delivery);
    return inConsumerSpan(opts.service, delivery, () => consume(opts, logger, delivery));
  };
  const { onDeadLetter } = opts;
  await opts.transport.subscribe(
    opts.service,
    types,
    onDeadLetter
      ? (delivery) =>
          apply(delivery).catch((err: unknown) => {
            if (afterFailure(err, delivery.attempt, policy) === 'dead-letter')
              onDeadLetter(delivery, failureReason(err));
            throw err;
          })
      : apply,
    policy,
  );
  logger.info({ types, batched: [...batchers.keys()] }, 'consuming events');
}

interface Waiting {
  delivery: Delivery;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Collects the deliveries of one batch handler that arrive in the same turn of the event loop (and while a
 * batch is being applied) and applies them batch by batch, one batch at a time. Each delivery's promise settles with
 * its own outcome, so the transport acks, retries or dead-letters it as usual.
 */
function batcher(
  opts: ConsumersOptions,
  logger: Logger,
  handler: BatchEventHandler,
): (delivery: Delivery) => Promise<void> {
  const maxBatch = opts.maxBatch ?? 100;
  const queue: Waiting[] = [];
  let draining = false;

  async function drain() {
    while (queue.length) await applyBatch(opts, logger, handler, queue.splice(0, maxBatch));
    draining = false;
  }

  return (delivery) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ delivery, resolve, reject });
      if (!draining) {
        draining = true;
        setImmediate(() => void drain());
      }
    });
}

/** Applies one batch; never rejects: every delivery's own promise is settled. */
async function applyBatch(
  opts: ConsumersOptions,
  logger: Logger,
  handler: BatchEventHandler,
  batch: Waiting[],
): Promise<void> {
  const one = (w: Waiting, span = startConsumerSpan(opts.service, w.delivery)) =>
    inSpan(span, () => consume(opts, logger, w.delivery)).then(w.resolve, w.reject);

  // a lone delivery, or one that is not a valid event (it fails alone, to its dead letters), goes on its own
  const valid: { waiting: Waiting; envelope: EventEnvelope }[] = [];
  const alone: Promise<void>[] = [];
  for (const waiting of batch) {
    const envelope = batch.length > 1 ? checkedEnvelope(waiting.delivery.envelope) : undefined;
    if (envelope) valid.push({ waiting, envelope });
    else alone.push(one(waiting));
  }
  if (valid.length === 1) alone.push(one(valid[0]!.waiting));
  if (valid.length <= 1) {
    await Promise.all(alone);
    return;
  }

  const spans = valid.map(({ waiting }) => startConsumerSpan(opts.service, waiting.delivery));
  const types = [...new Set(valid.map((v) => v.envelope.type))];
  try {
    // the batch's own database work shows in the trace of its first event
    const applied = await context.with(spans[0]!.context, () =>
      opts.dataSource.transaction(async (manager) => {
        const inserted: { event_id: string }[] = await manager.query(
          `INSERT INTO processed_events (event_id, type)
           SELECT * FROM unnest($1::uuid[], $2::text[]) ON CONFLICT DO NOTHING RETURNING event_id`,
          [valid.map((v) => v.envelope.id), valid.map((v) => v.envelope.type)],
        );
        const fresh = new Set(inserted.map((row) => row.event_id));
        // in delivery order, each event once (a duplicate in the batch counts as already processed)
        const envelopes = valid.map((v) => v.envelope).filter((e) => fresh.delete(e.id.toLowerCase()));
        const after = envelopes.length ? await handler(envelopes, manager) : undefined;
        return { applied: envelopes.length, after };
      }),
    );
    runAfterCommit(applied.after);
    if (opts.onCommitted) for (const { envelope } of valid) opts.onCommitted(envelope);
    for (const { span } of spans) span.end();
    for (const { waiting } of valid) waiting.resolve();
    logger.debug({ types, events: valid.length, applied: applied.applied }, 'event batch applied');
  } catch (err) {
    logger.warn(
      { types, events: valid.length, err: failureReason(err) },
      'event batch failed; applying its events one by one',
    );
    alone.push(...valid.map(({ waiting }, i) => one(waiting, spans[i])));
  }
  await Promise.all(alone);
}

/** The delivery's envelope as validEnvelope answers it, or undefined when it is not a valid event. */
function checkedEnvelope(raw: unknown): EventEnvelope | undefined {
  try {
    return validEnvelope(raw);
  } catch {
    return undefined;
  }
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
    return { after: await handler(envelope, manager) };
  });
  if (applied) {
    runAfterCommit(applied.after);
    opts.onCommitted?.(envelope);
  }
  const log = { event_id: envelope.id, type: envelope.type, attempt: delivery.attempt };
  if (applied) logger.debug(log, 'event applied');
  else logger.info(log, 'event already processed; skipped');
}

/** The envelope and its payload as the contract defines them; anything else can never succeed. */
function validEnvelope(raw: unknown): EventEnvelope {
  const envelope = EventEnvelope.safeParse(raw);
  if (!envelope.success) throw new PoisonMessageError(`invalid event envelope: ${envelope.error.message}`);
  const type = envelope.data.type;
  if (!isEventType(type)) throw new PoisonMessageError(`unknown event type ${type}`);
  const payload = eventsByType[type].payload.safeParse(envelope.data.payload);
  if (!payload.success) throw new PoisonMessageError(`invalid ${type} payload: ${payload.error.message}`);
  return { ...envelope.data, payload: payload.data };
}

/** Runs `work` in a CONSUMER span `<type> process`, child of the trace context the event carried. */
function inConsumerSpan(service: string, delivery: Delivery, work: () => Promise<void>): Promise<void> {
  return inSpan(startConsumerSpan(service, delivery), work);
}

interface ConsumerSpan {
  span: Span;
  context: Context;
}

/** The CONSUMER span `<type> process` of one delivery, child of the trace context the event carried. */
function startConsumerSpan(service: string, delivery: Delivery): ConsumerSpan {
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
  return { span, context: trace.setSpan(parent, span) };
}

/** Runs `work` in the span's context and ends the span, with the error when `work` fails. */
function inSpan({ span, context: spanContext }: ConsumerSpan, work: () => Promise<void>): Promise<void> {
  return context.with(spanContext, async () => {
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

import type { EventEnvelope, ServiceName } from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { BaseConfig } from '../config';
import {
  type BatchEventHandler,
  type ConsumersOptions,
  crashAfterCommitSeam,
  type EventHandler,
  type EventTransport,
  type OutboxRelay,
  startConsumers,
} from '../events';
import { consumerContext } from './context';
import { type ConsumerContext, consumedEventTypes, type ServiceContext, type ServiceDefinition } from './definition';

type AnyConsumer<C extends BaseConfig, D> = (event: never, ctx: ConsumerContext<C, D>) => Promise<void>;

export interface ConsumerWiring<C extends BaseConfig, D> {
  def: ServiceDefinition<ServiceName, C, D>;
  ctx: ServiceContext<C, D>;
  db: DataSource;
  transport: EventTransport;
  relay: OutboxRelay;
  env: NodeJS.ProcessEnv;
  /** told of each event parked in the dead letters (the system-error reporter) */
  onDeadLetter?: ConsumersOptions['onDeadLetter'];
}

/**
 * Runs `handle` with the consumer's context in the transaction of `manager`; answers what the transaction
 * must run once it commits (see consumerContext).
 */
function inConsumerContext<C extends BaseConfig, D>(
  wiring: ConsumerWiring<C, D>,
  handle: (arg: never, ctx: ConsumerContext<C, D>) => Promise<void>,
): (arg: unknown, manager: EntityManager) => Promise<unknown> {
  return async (arg, manager) => {
    const call = consumerContext(wiring.ctx, manager, wiring.relay);
    await handle(arg as never, call.ctx);
    return call.after();
  };
}

/** A batch consumer applied to one event: the per-event form of a type with only a batch consumer. */
function batchOfOne<C extends BaseConfig, D>(batch: AnyConsumer<C, D>): AnyConsumer<C, D> {
  return (event: EventEnvelope, ctx) => batch([event] as never, ctx);
}

/**
 * The per-event handler of every consumed type (a type with only a batch consumer applies one event as a
 * batch of one) and the batch handlers, one wrapper per batch function: types sharing a batch consumer share
 * its batches.
 */
export function eventHandlers<C extends BaseConfig, D>(
  wiring: ConsumerWiring<C, D>,
): { handlers: Record<string, EventHandler>; batchHandlers: Record<string, BatchEventHandler> } {
  const single = (wiring.def.consumers ?? {}) as Record<string, AnyConsumer<C, D>>;
  const batch = (wiring.def.batchConsumers ?? {}) as Record<string, AnyConsumer<C, D>>;
  const handlers: Record<string, EventHandler> = {};
  for (const type of consumedEventTypes(wiring.def)) {
    const handle = single[type] ?? batchOfOne(batch[type]!);
    handlers[type] = inConsumerContext(wiring, handle);
  }
  const wrapped = new Map<unknown, BatchEventHandler>();
  const batchHandlers: Record<string, BatchEventHandler> = {};
  for (const [type, handle] of Object.entries(batch)) {
    if (!wrapped.has(handle)) wrapped.set(handle, inConsumerContext(wiring, handle));
    batchHandlers[type] = wrapped.get(handle)!;
  }
  return { handlers, batchHandlers };
}

/** Subscribes the service's consumers, when it has any (retries and dead letters per the config). */
export async function startServiceConsumers<C extends BaseConfig, D>(wiring: ConsumerWiring<C, D>): Promise<void> {
  if (!consumedEventTypes(wiring.def).length) return;
  const { config, logger, name } = wiring.ctx;
  await startConsumers({
    service: name,
    dataSource: wiring.db,
    transport: wiring.transport,
    ...eventHandlers(wiring),
    logger,
    maxAttempts: config.EVENT_MAX_ATTEMPTS,
    retryDelayMs: config.EVENT_RETRY_DELAY_MS,
    onCommitted: crashAfterCommitSeam(wiring.env),
    onDeadLetter: wiring.onDeadLetter,
  });
}

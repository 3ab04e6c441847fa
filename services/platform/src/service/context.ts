import type { EventDef, ServiceName } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { createTokenVerifier, type SessionRevocations } from '../auth';
import type { BaseConfig } from '../config';
import { type EventItem, enqueueEvent, enqueueEvents, type OutboxRelay } from '../events';
import type { ConsumerContext, Emit, ServiceContext } from './definition';

/** The `emit` of one transaction; `onEmit` is told when anything was written to the outbox. */
export function emitterFor(manager: EntityManager, producer: ServiceName, onEmit: () => void): Emit {
  return Object.assign(
    async (eventDef: EventDef, aggregateId: string, payload: unknown) => {
      onEmit();
      return enqueueEvent(manager, producer, eventDef, aggregateId, payload);
    },
    {
      async many(eventDef: EventDef, items: readonly EventItem[]) {
        if (items.length) onEmit();
        return enqueueEvents(manager, producer, eventDef, items);
      },
    },
  );
}

export type ContextParts<C extends BaseConfig> = Pick<
  ServiceContext<C>,
  'name' | 'config' | 'logger' | 'db' | 'objects' | 'mailer'
> & { revocations: SessionRevocations; relay: OutboxRelay };

/**
 * The context of a starting service; its `deps` are filled in once the definition's dependencies are built.
 * A transaction that emitted wakes the outbox relay once it commits.
 */
export function serviceContext<C extends BaseConfig, D>(parts: ContextParts<C>): ServiceContext<C, D> {
  const { name, config, logger, db, objects, mailer, revocations, relay } = parts;
  return {
    name,
    config,
    logger,
    db,
    objects,
    mailer,
    verifier: createTokenVerifier({
      publicKey: config.JWT_PUBLIC_KEY,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      revocations,
    }),
    sessions: revocations,
    async transaction(work) {
      let emitted = false;
      const result = await db.transaction(async (manager) =>
        work(
          manager,
          emitterFor(manager, name, () => {
            emitted = true;
          }),
        ),
      );
      if (emitted) relay.kick();
      return result;
    },
    deps: undefined as D,
  };
}

/**
 * The context of one consumer call inside its transaction, and `after`: what to run once that transaction
 * commits (wake the relay for what it emitted, its afterCommit work), or nothing.
 */
export function consumerContext<C extends BaseConfig, D>(
  ctx: ServiceContext<C, D>,
  manager: EntityManager,
  relay: OutboxRelay,
): { ctx: ConsumerContext<C, D>; after: () => (() => void) | undefined } {
  let emitted = false;
  const committed: (() => void)[] = [];
  const emit = emitterFor(manager, ctx.name, () => {
    emitted = true;
  });
  const afterCommit = (work: () => void) => {
    committed.push(work);
  };
  const after = () =>
    emitted || committed.length
      ? () => {
          if (emitted) relay.kick();
          for (const work of committed) work();
        }
      : undefined;
  return { ctx: { ...ctx, manager, emit, afterCommit }, after };
}

import type { EventEnvelope } from '@portal/contracts';
import type { Logger } from 'pino';
import {
  afterFailure,
  failureReason,
  nextAttempt,
  type RetryPolicy,
  retryPolicy,
  UnroutableEventError,
} from './delivery-policy';
import type { Delivery, DeliveryHandler, EventTransport, QueueStats, SubscribeOptions } from './transport';

interface Subscription {
  service: string;
  types: Set<string>;
  handler: DeliveryHandler;
  policy: RetryPolicy;
}

export type InProcessTransport = EventTransport & {
  deadLetters(service: string): Delivery[];
  queueStats(service: string): Promise<QueueStats | null>;
};

/**
 * The one-machine event bus: the same semantics as the RabbitMQ transport (each subscribed service gets
 * its own copy, a failed delivery is retried after a delay, then parked in the service's dead letters, an
 * event nobody subscribed to is refused like an unroutable message), without a broker. Messages live in
 * memory only: the outbox is what makes them survive a restart.
 */
export function createInProcessTransport(opts: { logger: Logger }): InProcessTransport {
  const logger = opts.logger.child({ component: 'events', transport: 'in-process' });
  const subscriptions = new Map<string, Subscription>();
  const deadLetters = new Map<string, Delivery[]>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  // per service: deliveries scheduled or running (its lag) and retries waiting for their delay (for the metrics)
  const depth = new Map<string, { ready: number; retrying: number }>();
  const depthOf = (service: string) => {
    const known = depth.get(service);
    if (known) return known;
    const d = { ready: 0, retrying: 0 };
    depth.set(service, d);
    return d;
  };
  let closed = false;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const deliver = (sub: Subscription, delivery: Delivery) => {
    if (closed) return;
    const run = handle(sub, delivery).finally(() => {
      inFlight.delete(run);
      depthOf(sub.service).ready--;
    });
    inFlight.add(run);
  };

  async function handle(sub: Subscription, delivery: Delivery): Promise<void> {
    try {
      await sub.handler(delivery);
    } catch (err) {
      const log = { service: sub.service, event_id: delivery.envelope.id, type: delivery.envelope.type };
      if (afterFailure(err, delivery.attempt, sub.policy) === 'retry') {
        logger.warn({ ...log, attempt: delivery.attempt, err: failureReason(err) }, 'event handler failed, will retry');
        depthOf(sub.service).retrying++;
        later(sub.policy.retryDelayMs, () => {
          depthOf(sub.service).retrying--;
          depthOf(sub.service).ready++;
          deliver(sub, { ...delivery, attempt: nextAttempt(err, delivery.attempt) });
        });
      } else {
        logger.error({ ...log, attempt: delivery.attempt, err: failureReason(err) }, 'event dead-lettered');
        const parked = deadLetters.get(sub.service) ?? [];
        parked.push({ ...delivery, headers: { ...delivery.headers, 'x-error': failureReason(err) } });
        deadLetters.set(sub.service, parked);
      }
    }
  }

  return {
    async publish(envelope: EventEnvelope, headers: Record<string, string>) {
      if (closed) throw new Error('in-process event transport is closed');
      const targets = [...subscriptions.values()].filter((sub) => sub.types.has(envelope.type));
      if (!targets.length) throw new UnroutableEventError(`no service subscribes to ${envelope.type}`);
      // each consumer gets its own copy, delivered after the publisher's await like a broker would
      for (const sub of targets) {
        const copy = structuredClone(envelope);
        depthOf(sub.service).ready++;
        setImmediate(() => deliver(sub, { envelope: copy, headers: { ...headers }, attempt: 1 }));
      }
    },

    async subscribe(service: string, types: string[], handler: DeliveryHandler, options?: SubscribeOptions) {
      // one process holds one consumer per service: a second one would silently split its events
      if (subscriptions.has(service)) throw new Error(`${service} is already subscribed`);
      subscriptions.set(service, { service, types: new Set(types), handler, policy: retryPolicy(options) });
    },

    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },

    deadLetters(service: string) {
      return [...(deadLetters.get(service) ?? [])];
    },

    async queueStats(service: string) {
      if (!subscriptions.has(service)) return null;
      const { ready, retrying } = depthOf(service);
      return { ready, retrying, deadLetters: deadLetters.get(service)?.length ?? 0 };
    },
  };
}

import type { EventEnvelope } from '@portal/contracts';

/**
 * One message handed to a consumer, as received (startConsumers validates it against the contract);
 * `attempt` counts from 1 and grows with each retry.
 */
export interface Delivery {
  envelope: EventEnvelope;
  headers: Record<string, string>;
  attempt: number;
}

export type DeliveryHandler = (delivery: Delivery) => Promise<void>;

export interface SubscribeOptions {
  maxAttempts?: number;
  retryDelayMs?: number;
}

/** How many messages wait in a consuming service's queues (read by the metrics on each scrape). */
export interface QueueStats {
  /** delivered to the service's queue and not yet handled: the consumer's lag */
  ready: number;
  /** failed once or more and waiting for their next attempt */
  retrying: number;
  /** parked in the dead-letter queue after their last attempt */
  deadLetters: number;
}

/** How events travel between services: RabbitMQ in the distributed system, in memory on one machine. */
export interface EventTransport {
  /** publish one envelope; resolves only once the broker confirmed it (rejects if unroutable/nacked/down) */
  publish(envelope: EventEnvelope, headers: Record<string, string>): Promise<void>;
  /** deliver events of `types` to the consuming `service` (one durable queue `<prefix>.<service>`);
   *  handler rejection → retry after delay, after maxAttempts → dead-letter queue `<prefix>.<service>.dlq` */
  subscribe(service: string, types: string[], handler: DeliveryHandler, opts?: SubscribeOptions): Promise<void>;
  close(): Promise<void>;
  /** the depths of `service`'s queues; null when it consumes nothing here or the broker cannot be asked now */
  queueStats?(service: string): Promise<QueueStats | null>;
}

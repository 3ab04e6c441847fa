import type { Channel, ConfirmChannel, Options } from 'amqplib';

/** The three queues of one consuming service. */
export interface ServiceQueues {
  /** `<prefix>.<service>`: bound to the exchange by event type */
  main: string;
  /** `<prefix>.<service>.retry`: holds a failed message for its delay, then dead-letters it back to `main` */
  retry: string;
  /** `<prefix>.<service>.dlq`: where a message parks after its last attempt */
  dlq: string;
}

export function serviceQueues(prefix: string, service: string): ServiceQueues {
  const main = `${prefix}.${service}`;
  return { main, retry: `${main}.retry`, dlq: `${main}.dlq` };
}

export async function declareExchange(channel: Channel, exchange: string): Promise<void> {
  await channel.assertExchange(exchange, 'topic', { durable: true });
}

/**
 * Declares a service's queues and binds its event types. Every queue dead-letters somewhere, so a message
 * rejected by accident is parked, never lost: main → DLQ, retry (after its per-message TTL) → main.
 */
export async function declareServiceQueues(channel: Channel, exchange: string, queues: ServiceQueues, types: string[]) {
  await channel.assertQueue(queues.dlq, { durable: true });
  await channel.assertQueue(queues.retry, { durable: true, arguments: deadLetterTo(queues.main) });
  await channel.assertQueue(queues.main, { durable: true, arguments: deadLetterTo(queues.dlq) });
  for (const type of types) await channel.bindQueue(queues.main, exchange, type);
}

function deadLetterTo(queue: string) {
  return { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue };
}

/** Publishes and resolves once the broker confirmed (acked) the message; rejects on a nack or a closed channel. */
export function publishConfirmed(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  content: Buffer,
  options: Options.Publish,
): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.publish(exchange, routingKey, content, options, (err) => (err ? reject(asError(err)) : resolve()));
  });
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(`message not confirmed: ${String(err)}`);
}

import { SERVICES } from '@portal/contracts';
import { type ChannelModel, type ConfirmChannel, connect, type GetMessage } from 'amqplib';
import { publishConfirmed, serviceQueues } from './amqp-topology';

/** One message parked in a service's dead-letter queue. */
export interface DeadLetter {
  /** the DLQ it sits in, e.g. portal.order.dlq */
  queue: string;
  service: string;
  /** the event id (AMQP message id); null for a message that carried none */
  id: string | null;
  type: string | null;
  /** the attempts it was given */
  attempts: number | null;
  /** why it was parked (the x-error header the consumer wrote) */
  error: string | null;
  /** the first characters of its body */
  preview: string;
}

export interface DeadLetterOptions {
  url: string;
  /** queue names are `<prefix>.<service>.dlq`; default 'portal' */
  queuePrefix?: string;
  /** the services whose dead letters are read; default every service */
  services?: readonly string[];
}

/**
 * Lists the dead letters of every service without removing them: each DLQ is read with unacknowledged gets
 * and the channel is then closed, which puts every message back where it was.
 */
export async function listDeadLetters(opts: DeadLetterOptions): Promise<DeadLetter[]> {
  return withChannel(opts.url, async (channel, model) => {
    const found: DeadLetter[] = [];
    for (const service of opts.services ?? SERVICES) {
      const queue = serviceQueues(opts.queuePrefix ?? 'portal', service).dlq;
      for (const msg of await readQueue(model, channel, queue)) found.push(describe(queue, service, msg));
    }
    return found;
  });
}

/**
 * Moves the dead letter with event id `id` back to its service's queue (attempt count reset, `x-replayed-at`
 * set), once the broker confirmed the copy; the consumer skips it if it was applied after all. Answers what
 * was replayed, or null when no DLQ holds that id. Every other message stays where it was.
 */
export async function replayDeadLetter(opts: DeadLetterOptions & { id: string }): Promise<DeadLetter | null> {
  return withChannel(opts.url, async (channel, model) => {
    for (const service of opts.services ?? SERVICES) {
      const queues = serviceQueues(opts.queuePrefix ?? 'portal', service);
      const messages = await readQueue(model, channel, queues.dlq);
      const msg = messages.find((m) => m.properties.messageId === opts.id);
      if (!msg) continue;
      const headers = { ...msg.properties.headers };
      delete headers['x-attempt'];
      delete headers['x-death'];
      await publishConfirmed(channel, '', queues.main, msg.content, {
        persistent: true,
        messageId: msg.properties.messageId,
        type: msg.properties.type,
        contentType: msg.properties.contentType,
        headers: { ...headers, 'x-replayed-at': new Date().toISOString() },
      });
      channel.ack(msg);
      return describe(queues.dlq, service, msg);
    }
    return null;
  });
}

async function withChannel<T>(
  url: string,
  work: (channel: ConfirmChannel, model: ChannelModel) => Promise<T>,
): Promise<T> {
  const connection = await connect(url);
  connection.on('error', () => undefined);
  try {
    const channel = await connection.createConfirmChannel();
    channel.on('error', () => undefined);
    // closing the channel requeues whatever was read and not acknowledged
    return await work(channel, connection).finally(() => channel.close().catch(() => undefined));
  } finally {
    await connection.close().catch(() => undefined);
  }
}

/** Every message of a queue, unacknowledged (a missing queue reads as empty). */
async function readQueue(model: ChannelModel, channel: ConfirmChannel, queue: string): Promise<GetMessage[]> {
  const messages: GetMessage[] = [];
  if (!(await queueExists(model, queue))) return messages;
  for (;;) {
    // an unacknowledged message is not handed out again on this channel: this ends after the last one
    const msg = await channel.get(queue, { noAck: false });
    if (!msg) return messages;
    messages.push(msg);
  }
}

async function queueExists(model: ChannelModel, queue: string): Promise<boolean> {
  // checkQueue closes the channel it runs on when the queue is missing: ask on a throwaway one
  const probe = await model.createChannel();
  probe.on('error', () => undefined);
  try {
    await probe.checkQueue(queue);
    return true;
  } catch {
    return false;
  } finally {
    await probe.close().catch(() => undefined);
  }
}

function describe(queue: string, service: string, msg: GetMessage): DeadLetter {
  const headers = msg.properties.headers ?? {};
  const attempts = Number(headers['x-attempt']);
  const error = headers['x-error'];
  return {
    queue,
    service,
    id: typeof msg.properties.messageId === 'string' ? msg.properties.messageId : null,
    type: typeof msg.properties.type === 'string' ? msg.properties.type : null,
    attempts: Number.isInteger(attempts) ? attempts : null,
    error: typeof error === 'string' ? error : Buffer.isBuffer(error) ? error.toString('utf8') : null,
    preview: msg.content.toString('utf8').slice(0, 120),
  };
}

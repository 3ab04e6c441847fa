import type { EventEnvelope } from '@portal/contracts';
import type { ConfirmChannel, ConsumeMessage, MessagePropertyHeaders } from 'amqplib';
import type { Logger } from 'pino';
import { publishConfirmed, type ServiceQueues } from './amqp-topology';
import { afterFailure, failureReason, nextAttempt, PoisonMessageError, type RetryPolicy } from './delivery-policy';
import type { DeliveryHandler } from './transport';

export interface AmqpSubscription {
  service: string;
  types: string[];
  queues: ServiceQueues;
  handler: DeliveryHandler;
  policy: RetryPolicy;
}

/**
 * Runs the handler for one message. Success → ack. Failure → a copy goes to the retry queue (or, after the
 * last attempt, to the DLQ), confirmed by the broker, and only then is the original acked: a crash at any
 * point leaves the original unacked, so RabbitMQ redelivers it (the consumer is idempotent).
 */
export async function handleAmqpMessage(
  channel: ConfirmChannel,
  msg: ConsumeMessage,
  sub: AmqpSubscription,
  logger: Logger,
): Promise<void> {
  const attempt = attemptOf(msg.properties.headers);
  let failure: unknown;
  try {
    await sub.handler({
      envelope: parseEnvelope(msg.content),
      headers: stringHeaders(msg.properties.headers),
      attempt,
    });
  } catch (err) {
    failure = err;
  }
  try {
    if (failure !== undefined) await reroute(channel, msg, sub, attempt, failure, logger);
    channel.ack(msg);
  } catch (err) {
    // the channel went away: the message stays unacked and comes back after the reconnect
    logger.warn({ service: sub.service, err: failureReason(err) }, 'could not settle message; it will be redelivered');
  }
}

async function reroute(
  channel: ConfirmChannel,
  msg: ConsumeMessage,
  sub: AmqpSubscription,
  attempt: number,
  failure: unknown,
  logger: Logger,
) {
  const retry = afterFailure(failure, attempt, sub.policy) === 'retry';
  const reason = failureReason(failure);
  const log = {
    service: sub.service,
    event_id: msg.properties.messageId,
    type: msg.properties.type,
    attempt,
    err: reason,
  };
  if (retry) logger.warn(log, 'event handler failed, will retry');
  else logger.error(log, 'event dead-lettered');
  await publishConfirmed(channel, '', retry ? sub.queues.retry : sub.queues.dlq, msg.content, {
    persistent: true,
    messageId: msg.properties.messageId,
    type: msg.properties.type,
    contentType: msg.properties.contentType,
    headers: {
      ...msg.properties.headers,
      'x-attempt': retry ? nextAttempt(failure, attempt) : attempt,
      'x-error': reason,
    },
    ...(retry ? { expiration: String(sub.policy.retryDelayMs) } : {}),
  });
}

function parseEnvelope(content: Buffer): EventEnvelope {
  try {
    return JSON.parse(content.toString('utf8')) as EventEnvelope;
  } catch {
    throw new PoisonMessageError('message body is not JSON');
  }
}

function attemptOf(headers: MessagePropertyHeaders | undefined): number {
  const attempt = Number(headers?.['x-attempt']);
  return Number.isInteger(attempt) && attempt >= 1 ? attempt : 1;
}

/** The string-valued headers (trace context and the like); RabbitMQ's own x-death tables are left out. */
function stringHeaders(headers: MessagePropertyHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (typeof value === 'string') out[key] = value;
    else if (Buffer.isBuffer(value)) out[key] = value.toString('utf8');
  }
  return out;
}

import type { EventEnvelope } from '@portal/contracts';
import { type Channel, type ChannelModel, type ConfirmChannel, connect, type RecoveringChannelModel } from 'amqplib';
import type { Logger } from 'pino';
import { type AmqpSubscription, handleAmqpMessage } from './amqp-consumer';
import { declareExchange, declareServiceQueues, publishConfirmed, serviceQueues } from './amqp-topology';
import { failureReason, retryPolicy, UnroutableEventError } from './delivery-policy';
import type { DeliveryHandler, EventTransport, QueueStats, SubscribeOptions } from './transport';

export interface AmqpTransportOptions {
  url: string;
  logger: Logger;
  /** the topic exchange of domain events; default 'portal.events' */
  exchange?: string;
  /** queue names are `<prefix>.<service>[.retry|.dlq]`; default 'portal' */
  queuePrefix?: string;
  /** unacked messages per consumer; default 20 */
  prefetch?: number;
  /** how long a publish may wait for a connection and its confirm; default 10 s */
  publishTimeoutMs?: number;
}

/** The channels of the current connection; replaced wholesale on every reconnect. */
interface Live {
  model: ChannelModel;
  publisher: ConfirmChannel;
  consumers: { channel: ConfirmChannel; consumerTag: string }[];
}

export function createAmqpTransport(opts: AmqpTransportOptions): EventTransport {
  return new AmqpTransport(opts);
}

/**
 * RabbitMQ transport: a topic exchange routed by event type, publisher confirms with `mandatory` (a returned
 * message is a failure), one durable queue per consuming service with a retry queue and a DLQ. The
 * connection recovers by itself with backoff; every (re)connection redeclares the topology and restarts the
 * consumers. Every connection and channel has 'error' and 'close' listeners, as an unhandled 'error' would
 * crash the process.
 */
class AmqpTransport implements EventTransport {
  private readonly logger: Logger;
  private readonly exchange: string;
  private readonly prefix: string;
  private readonly prefetch: number;
  private readonly publishTimeoutMs: number;
  private readonly connection: Promise<RecoveringChannelModel>;
  private readonly subscriptions: AmqpSubscription[] = [];
  private readonly returned = new Set<string>();
  private readonly liveWaiters = new Set<() => void>();
  private readonly inFlight = new Set<Promise<void>>();
  private live: Live | null = null;
  private closed = false;

  constructor(opts: AmqpTransportOptions) {
    this.logger = opts.logger.child({ component: 'events', transport: 'amqp' });
    this.exchange = opts.exchange ?? 'portal.events';
    this.prefix = opts.queuePrefix ?? 'portal';
    this.prefetch = opts.prefetch ?? 20;
    this.publishTimeoutMs = opts.publishTimeoutMs ?? 10_000;
    this.connection = connect(opts.url, {
      recovery: {
        initialDelay: 100,
        maxDelay: 5000,
        waitForConnect: false,
        setup: (model: ChannelModel) => this.setUp(model),
      },
    }).then((recovering) => this.watchConnection(recovering));
    this.connection.catch((err) => this.logger.error({ err: failureReason(err) }, 'AMQP connection failed'));
  }

  async publish(envelope: EventEnvelope, headers: Record<string, string>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`publish of ${envelope.id} not confirmed in time`)),
        this.publishTimeoutMs,
      );
    });
    const attempt = this.publishNow(envelope, headers);
    attempt.catch(() => undefined); // a late failure after the timeout is already reported
    try {
      await Promise.race([attempt, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async publishNow(envelope: EventEnvelope, headers: Record<string, string>): Promise<void> {
    const { publisher } = await this.liveConnection(this.publishTimeoutMs);
    await publishConfirmed(publisher, this.exchange, envelope.type, Buffer.from(JSON.stringify(envelope)), {
      persistent: true,
      mandatory: true,
      messageId: envelope.id,
      type: envelope.type,
      contentType: 'application/json',
      timestamp: Math.floor(Date.now() / 1000),
      headers,
    });
    // RabbitMQ sends basic.return before the confirm of the same message
    if (this.returned.delete(envelope.id)) throw new UnroutableEventError(`no queue is bound for ${envelope.type}`);
  }

  async subscribe(service: string, types: string[], handler: DeliveryHandler, opts?: SubscribeOptions) {
    const sub: AmqpSubscription = {
      service,
      types,
      handler,
      queues: serviceQueues(this.prefix, service),
      policy: retryPolicy(opts),
    };
    this.subscriptions.push(sub);
    const live = this.live;
    if (!live) {
      // the next (re)connection starts it with the others
      await this.liveConnection();
      return;
    }
    try {
      live.consumers.push(await this.startConsumer(live.model, sub));
    } catch (err) {
      this.subscriptions.splice(this.subscriptions.indexOf(sub), 1);
      throw err;
    }
  }

  /**
   * The depths of `service`'s queues, asked of the broker on a short-lived channel of its own (a missing queue
   * closes the channel that asked, which must never be a consumer's or the publisher's).
   */
  async queueStats(service: string): Promise<QueueStats | null> {
    const sub = this.subscriptions.find((s) => s.service === service);
    const live = this.live;
    if (!sub || !live) return null;
    const channel = await live.model.createChannel();
    channel.on('error', () => undefined);
    try {
      const [main, retry, dlq] = [
        await channel.checkQueue(sub.queues.main),
        await channel.checkQueue(sub.queues.retry),
        await channel.checkQueue(sub.queues.dlq),
      ];
      return { ready: main.messageCount, retrying: retry.messageCount, deadLetters: dlq.messageCount };
    } catch {
      return null;
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const wake of this.liveWaiters) wake();
    const live = this.live;
    if (live) {
      // stop taking messages, let running handlers settle theirs, then hang up
      await Promise.allSettled(live.consumers.map(({ channel, consumerTag }) => channel.cancel(consumerTag)));
      await Promise.allSettled([...this.inFlight]);
      // Closing each channel (a round trip on that channel) makes sure the broker has its acks: frames of different
      // channels are interleaved, so a connection close could overtake an ack still buffered and requeue a
      // message that was already applied.
      await Promise.allSettled([...live.consumers.map(({ channel }) => channel.close()), live.publisher.close()]);
    }
    this.live = null;
    const recovering = await this.connection.catch(() => null);
    await recovering?.close();
  }

  /** Runs on every (re)connection before it is used: channels, topology, consumers. */
  private async setUp(model: ChannelModel): Promise<void> {
    model.on('error', (err: Error) => this.logger.warn({ err: err.message }, 'AMQP connection error'));
    const publisher = await model.createConfirmChannel();
    this.watchChannel(model, publisher, 'publisher');
    publisher.on('return', (msg) => {
      const id = msg.properties.messageId;
      if (typeof id === 'string') this.returned.add(id);
    });
    await declareExchange(publisher, this.exchange);
    const live: Live = { model, publisher, consumers: [] };
    // a subscription added while this runs is picked up by the loop (the array is read live)
    for (const sub of this.subscriptions) live.consumers.push(await this.startConsumer(model, sub));
    this.live = live;
    for (const wake of this.liveWaiters) wake();
    this.logger.info({ consumers: this.subscriptions.map((s) => s.queues.main) }, 'AMQP connected');
  }

  private async startConsumer(model: ChannelModel, sub: AmqpSubscription) {
    const channel = await model.createConfirmChannel();
    this.watchChannel(model, channel, sub.queues.main);
    await declareServiceQueues(channel, this.exchange, sub.queues, sub.types);
    await channel.prefetch(this.prefetch);
    const { consumerTag } = await channel.consume(sub.queues.main, (msg) => {
      if (!msg) {
        this.logger.warn({ queue: sub.queues.main }, 'consumer cancelled by the broker');
        return;
      }
      const run = handleAmqpMessage(channel, msg, sub, this.logger).finally(() => this.inFlight.delete(run));
      this.inFlight.add(run);
    });
    return { channel, consumerTag };
  }

  private watchConnection(recovering: RecoveringChannelModel): RecoveringChannelModel {
    recovering.on('error', (err) => this.logger.warn({ err: err.message }, 'AMQP connection error'));
    recovering.on('disconnect', (err) => {
      this.live = null;
      if (!this.closed) this.logger.warn({ err: err.message }, 'AMQP connection lost; reconnecting');
    });
    recovering.on('connect-failed', (err) => this.logger.warn({ err: err.message }, 'AMQP connection attempt failed'));
    recovering.on('reconnect-failed', (err) => this.logger.error({ err: err.message }, 'AMQP reconnection abandoned'));
    return recovering;
  }

  /** A channel that closes on its own (a channel-level error) forces a full reconnect, which rebuilds everything. */
  private watchChannel(model: ChannelModel, channel: Channel, role: string) {
    channel.on('error', (err: Error) => this.logger.warn({ role, err: err.message }, 'AMQP channel error'));
    channel.on('close', () => {
      // checked on the next turn: when the whole connection drops, its 'close' (handled by recovery) comes after
      setImmediate(() => {
        if (this.closed || this.live?.model !== model) return;
        this.logger.warn({ role }, 'AMQP channel closed; reconnecting');
        model.close().catch(() => undefined);
      });
    });
  }

  /** The live connection, waiting for one (at most `timeoutMs` when given). */
  private async liveConnection(timeoutMs?: number): Promise<Live> {
    if (!this.live && !this.closed) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.liveWaiters.delete(wake);
          resolve();
        };
        const timer = timeoutMs === undefined ? undefined : setTimeout(wake, timeoutMs);
        this.liveWaiters.add(wake);
      });
    }
    if (this.closed) throw new Error('AMQP transport is closed');
    if (!this.live) throw new Error('RabbitMQ is unreachable');
    return this.live;
  }
}

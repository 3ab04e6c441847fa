import { createLogger } from '@portal/platform/log/logger';
import { testAmqpUrl, uniqueName } from '@portal/platform/testing';
import { type Channel, type ChannelModel, connect, type GetMessage } from 'amqplib';

export const silentLogger = createLogger('events-test', process.env.TEST_LOG_LEVEL ?? 'silent');

/** Unique exchange and queue prefix for one test file, and a side connection to inspect and clean them. */
export interface RabbitNames {
  exchange: string;
  queuePrefix: string;
}

export function uniqueRabbitNames(): RabbitNames {
  return { exchange: uniqueName('evtest.events'), queuePrefix: uniqueName('evtest') };
}

export class RabbitInspector {
  private constructor(
    private readonly connection: ChannelModel,
    private readonly channel: Channel,
  ) {}

  static async open(): Promise<RabbitInspector> {
    const connection = await connect(testAmqpUrl());
    connection.on('error', () => undefined);
    const channel = await connection.createChannel();
    channel.on('error', () => undefined);
    return new RabbitInspector(connection, channel);
  }

  /** Takes the next message of `queue`, waiting for one up to `timeoutMs`. */
  async take(queue: string, timeoutMs = 10_000): Promise<GetMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const msg = await this.channel.get(queue, { noAck: true });
      if (msg) return msg;
      if (Date.now() > deadline) throw new Error(`no message in ${queue}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async messageCount(queue: string): Promise<number> {
    return (await this.channel.checkQueue(queue)).messageCount;
  }

  /** Deletes what the transport declared for `services` under `names`, then hangs up. */
  async cleanUp(names: RabbitNames, services: string[]): Promise<void> {
    for (const service of services) {
      for (const suffix of ['', '.retry', '.dlq'])
        await this.channel.deleteQueue(`${names.queuePrefix}.${service}${suffix}`);
    }
    await this.channel.deleteExchange(names.exchange);
    await this.connection.close();
  }
}

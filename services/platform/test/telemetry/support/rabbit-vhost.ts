import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { testAmqpUrl } from '@portal/platform/testing';

const run = promisify(execFile);

export interface RabbitVhost {
  /** AMQP_URL for the processes: the test broker, on the vhost of this test alone when one could be made */
  url: string;
  /** the vhost's name, or null when the shared default vhost is used */
  vhost: string | null;
  /** deletes the vhost (its exchanges and queues with it) */
  drop(): Promise<void>;
}

/**
 * A RabbitMQ vhost of this test's own on the test broker. A service run as a process always declares the
 * exchange `portal.events` and the queues `portal.<service>` (the names are not configurable), so two test runs
 * (or a distributed portal) on the same vhost would take each other's events. `rabbitmqctl` (this machine's
 * broker, as root) makes a fresh vhost; when it cannot (another broker via TEST_AMQP_URL, no rights), the
 * default vhost is used as before.
 */
export async function createRabbitVhost(prefix: string): Promise<RabbitVhost> {
  const base = new URL(testAmqpUrl());
  const local = base.hostname === '127.0.0.1' || base.hostname === 'localhost';
  const vhost = `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const user = decodeURIComponent(base.username || 'guest');
  if (local && (base.pathname === '' || base.pathname === '/')) {
    try {
      await run('rabbitmqctl', ['add_vhost', vhost], { timeout: 30_000 });
      await run('rabbitmqctl', ['set_permissions', '-p', vhost, user, '.*', '.*', '.*'], { timeout: 30_000 });
      const url = new URL(base);
      url.pathname = `/${encodeURIComponent(vhost)}`;
      return {
        url: url.toString(),
        vhost,
        drop: async () => {
          await run('rabbitmqctl', ['delete_vhost', vhost], { timeout: 30_000 }).catch(() => undefined);
        },
      };
    } catch {
      // no rabbitmqctl or no rights: share the default vhost (and remove the vhost if only its permissions failed)
      await run('rabbitmqctl', ['delete_vhost', vhost], { timeout: 30_000 }).catch(() => undefined);
    }
  }
  return { url: base.toString(), vhost: null, drop: async () => undefined };
}

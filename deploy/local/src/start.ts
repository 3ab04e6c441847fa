import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { SERVICES } from '@portal/contracts';
import { loadGatewayConfig, startGateway } from '@portal/gateway';
import {
  createAmqpTransport,
  createInProcessTransport,
  createLogger,
  gatePublishing,
  mailerFromEnv,
  objectStoreFromEnv,
  type RevocationFeed,
  type RunningService,
  SessionRevocations,
  startService,
} from '@portal/platform';
import { openLocalDatabase, serviceDatabaseUrl } from './database';
import { freePort, LOOPBACK_SMTP_HOSTS } from './portal-processes';
import { LocalSecrets } from './secrets';
import { allServices } from './services';

/**
 * The one-machine portal: every service and the gateway in this process, each service on its own
 * loopback port behind the gateway, with embedded defaults where no server is configured (see README).
 */
async function main() {
  const env = process.env;
  const logger = createLogger('portal', env.LOG_LEVEL ?? 'info');
  const repo = resolve(__dirname, '../../..');
  const dataDir = resolve(env.DATA_DIR ?? resolve(repo, '.data'));
  // readable by the unprivileged user the embedded PostgreSQL runs as when started by root
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const secrets = new LocalSecrets(resolve(dataDir, 'secrets'));
  const keys = secrets.tokenKeys(env);
  const adminEmail = env.ADMIN_EMAIL ?? 'admin@portal.local';
  const adminPassword = env.ADMIN_PASSWORD ?? secrets.value('admin-password');

  const syncIntervalMs = syncInterval(env.SESSION_SYNC_INTERVAL_MS);

  const database = await openLocalDatabase(env, dataDir, secrets, logger);
  // The services start one after another: their relays publish only once all have subscribed, and stop
  // publishing before any of them stops (gatePublishing), so no event reaches only some of its consumers.
  const bus = gatePublishing(
    env.AMQP_URL ? createAmqpTransport({ url: env.AMQP_URL, logger }) : createInProcessTransport({ logger }),
  );
  const { transport } = bus;
  // One revoked-session list for every service and the gateway, read straight from identity's feed (no HTTP),
  // once identity is up; until then nothing signed-in is answered (503), as in the distributed system.
  let identityFeed: RevocationFeed | undefined;
  const revocations = new SessionRevocations({
    feed: (after) => (identityFeed ? identityFeed(after) : Promise.reject(new Error('identity has not started yet'))),
    logger: logger.child({ component: 'sessions' }),
    intervalMs: syncIntervalMs,
  });
  const shared = {
    transport,
    revocations,
    logger,
    objects: objectStoreFromEnv({ ...env, OBJECTS_DIR: env.OBJECTS_DIR ?? resolve(dataDir, 'objects') }),
    mailer: mailerFromEnv(
      {
        ...env,
        MAIL_OUTBOX_DIR: env.MAIL_OUTBOX_DIR ?? resolve(dataDir, 'mail'),
        SMTP_ALLOWED_HOSTS: env.SMTP_ALLOWED_HOSTS ?? LOOPBACK_SMTP_HOSTS,
      },
      logger,
    ),
  };

  const running: RunningService[] = [];
  // identity starts first but asks order, dealer and incentive for its reports' figures: their ports are chosen
  // now, so identity can be told their URLs
  const reportPorts = new Map<string, number>();
  for (const name of ['order', 'dealer', 'incentive']) reportPorts.set(name, await freePort());
  const reportUrl = (name: string) => `http://127.0.0.1:${reportPorts.get(name)}`;
  const stopAll = async () => {
    bus.close();
    revocations.stop();
    for (const service of running.reverse()) await service.stop().catch((err) => logger.error({ err }, 'stop failed'));
    await transport.close().catch(() => undefined);
    await database.stop().catch(() => undefined);
  };

  try {
    for (const definition of allServices) {
      const service = await startService(
        definition as never,
        {
          ...env,
          PORT: String(reportPorts.get(definition.name) ?? 0),
          HOST: '127.0.0.1',
          DATABASE_URL: serviceDatabaseUrl(database.adminUrl, definition.name, secrets),
          DATABASE_ADMIN_URL: database.adminUrl,
          JWT_PUBLIC_KEY: keys.publicKey,
          JWT_PRIVATE_KEY: definition.name === 'identity' ? keys.privateKey : undefined,
          ADMIN_EMAIL: adminEmail,
          ADMIN_PASSWORD: adminPassword,
          PUBLIC_BASE_URL: env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT ?? 8080}`,
          // identity's key of stored secrets; the service's key of signed download links (kept across restarts)
          ...secrets.generatedKeys(env, definition.name),
          // every service but identity needs it (sessions; the dealer service creates logins there)
          IDENTITY_URL: running.find((s) => s.ctx.name === 'identity')?.url,
          ...(definition.name === 'identity'
            ? { ORDER_URL: reportUrl('order'), DEALER_URL: reportUrl('dealer'), INCENTIVE_URL: reportUrl('incentive') }
            : {}),
        },
        { ...shared, logger: createLogger(definition.name, env.LOG_LEVEL ?? 'info') },
      );
      running.push(service);
      if (service.revocationFeed) {
        identityFeed = service.revocationFeed;
        await revocations.start();
      }
    }
    const urls = Object.fromEntries(running.map((s) => [`${s.ctx.name.toUpperCase()}_URL`, s.url]));
    for (const name of SERVICES)
      if (!urls[`${name.toUpperCase()}_URL`]) throw new Error(`service ${name} did not start`);
    bus.open();
    const gateway = await startGateway(
      loadGatewayConfig({
        ...env,
        ...urls,
        PORT: env.PORT ?? '8080',
        JWT_PUBLIC_KEY: keys.publicKey,
        WEB_DIST: env.WEB_DIST ?? resolve(repo, 'web/dist'),
      }),
      { logger: createLogger('gateway', env.LOG_LEVEL ?? 'info'), revocations },
    );
    const url = `http://localhost:${gateway.port}`;
    process.stdout.write(
      `\n  Dealer portal is running at ${url}\n` +
        `  Admin login: ${adminEmail} / ${env.ADMIN_PASSWORD ? '(ADMIN_PASSWORD)' : adminPassword}\n` +
        `  API docs:    ${url}/docs\n` +
        `  Data:        ${dataDir}${env.DATABASE_URL ? '' : ' (embedded PostgreSQL)'}\n\n`,
    );

    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'stopping the portal');
      await gateway.stop();
      await stopAll();
      process.exit(0);
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
  } catch (err) {
    logger.fatal({ err: err instanceof Error ? err.message : err }, 'the portal could not start');
    await stopAll();
    process.exit(1);
  }
}

/** SESSION_SYNC_INTERVAL_MS as the services read it (50–60000 ms, default 1000); anything else stops the start. */
function syncInterval(value: string | undefined): number {
  const ms = Number(value ?? 1000);
  if (!Number.isInteger(ms) || ms < 50 || ms > 60_000)
    throw new Error(`SESSION_SYNC_INTERVAL_MS must be a whole number of milliseconds from 50 to 60000, not ${value}`);
  return ms;
}

void main();

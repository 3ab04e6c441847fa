import { resolve } from 'node:path';
import { type PortalProcessName, startDistributedPortal } from './portal-processes';

/**
 * `make start-distributed`: every service and the gateway as separate Node processes on this machine, against
 * the real PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/portal) and RabbitMQ
 * (AMQP_URL, default amqp://guest:guest@127.0.0.1:5672), the way compose and Kubernetes run them. Secrets
 * are generated into DATA_DIR (default .data/distributed) like the one-process portal's. A process that ends
 * is reported and not restarted; SIGTERM or SIGINT stops them all (the gateway first).
 */
async function main() {
  const env = process.env;
  const repo = resolve(__dirname, '../../..');
  const dataDir = resolve(env.DATA_DIR ?? resolve(repo, '.data/distributed'));
  const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal';
  const amqpUrl = env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
  const width = 'geocoding'.length;
  const say = (line: string) => process.stdout.write(`${line}\n`);
  let stopping = false;

  say(
    `==> starting 8 services and the gateway as separate processes (database ${redact(databaseUrl)}, broker ${redact(amqpUrl)})`,
  );
  const portal = await startDistributedPortal({
    repo,
    dataDir,
    databaseUrl,
    amqpUrl,
    onOutput: (name, line) => process.stdout.write(`${name.padEnd(width)} | ${line}\n`),
    onUnexpectedExit: (name: PortalProcessName, code, signal) => {
      if (stopping) return;
      process.stderr.write(
        `\n  !! ${name} ended (${signal ?? `exit code ${code}`}) and is NOT restarted; ` +
          `the gateway answers 503 for it. Stop the portal (Ctrl-C) and start it again.\n\n`,
      );
    },
  }).catch((err: unknown) => {
    process.stderr.write(`the distributed portal could not start: ${err instanceof Error ? err.message : err}\n`);
    process.exit(1);
  });

  const table = Object.values(portal.processes)
    .map((p) => `    ${p.name.padEnd(width)} pid ${String(p.pid()).padEnd(7)} ${p.url}`)
    .join('\n');
  say(
    `\n  Dealer portal (distributed) is running at ${portal.url}\n` +
      `  Admin login: ${portal.adminEmail} / ${portal.generatedAdminPassword ?? '(ADMIN_PASSWORD)'}\n` +
      `  API docs:    ${portal.url}/docs\n` +
      `  Data:        ${dataDir}\n  Processes:\n${table}\n`,
  );

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`==> ${signal}: stopping the gateway, then every service`);
    await portal.stop();
    say('==> stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** A URL without its password, for the console. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

void main();

import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../local/src/portal-processes';

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

/**
 * The fault suite stops and restarts its servers, so it runs its own: a PostgreSQL cluster and a RabbitMQ node
 * in a temporary folder on free ports, from the binaries installed on this machine. The shared servers other
 * tests use are never touched.
 */
export interface PrivateServer {
  url: string;
  /** stop the server's service (RabbitMQ: the broker application; PostgreSQL: the whole server) */
  stop(): Promise<void>;
  start(): Promise<void>;
  restart(): Promise<void>;
  /** ends it for good and removes its files */
  destroy(): Promise<void>;
}

/** Runs `command` as `user` when this process is root (the servers refuse to run as root). */
function runAs(user: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const options = { env: { ...process.env, ...env }, timeout: 60_000 };
  if (!isRoot) return run(command, args, options);
  const assignments = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  return run('runuser', ['-u', user, '--', 'env', ...assignments, command, ...args], options);
}

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(path.join(base, v, 'bin/initdb'))) return path.join(base, v, 'bin');
  }
  throw new Error('PostgreSQL server binaries (initdb, pg_ctl) are not installed under /usr/lib/postgresql');
}

export async function startPrivatePostgres(dir: string): Promise<PrivateServer> {
  const bin = postgresBin();
  const port = await freePort();
  const data = path.join(dir, 'data');
  await mkdir(dir, { recursive: true });
  if (isRoot) await chown(dir, ...(await ids('postgres')));
  await runAs('postgres', path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300`;
  const pgCtl = (...args: string[]) =>
    runAs('postgres', path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-o', options, ...args]);
  await pgCtl('-w', 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/portal`,
    stop: async () => void (await pgCtl('-w', '-m', 'fast', 'stop')),
    start: async () => void (await pgCtl('-w', 'start')),
    restart: async () => void (await pgCtl('-w', '-m', 'fast', 'restart')),
    destroy: async () => {
      await pgCtl('-w', '-m', 'immediate', 'stop').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function startPrivateRabbit(dir: string): Promise<PrivateServer> {
  const port = await freePort();
  const node = `faults${port}@localhost`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'enabled_plugins'), '[].\n');
  await writeFile(
    path.join(dir, 'rabbitmq.conf'),
    `listeners.tcp.default = 127.0.0.1:${port}\nloopback_users = none\n`,
  );
  if (isRoot) await chownTree(dir, 'rabbitmq');
  const env = {
    RABBITMQ_NODENAME: node,
    RABBITMQ_CONFIG_FILE: path.join(dir, 'rabbitmq.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(dir, 'enabled_plugins'),
    RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(dir, 'log'),
    RABBITMQ_PID_FILE: path.join(dir, 'pid'),
    RABBITMQ_DIST_PORT: String(port + 20000 > 65000 ? port - 20000 : port + 20000),
  };
  const ctl = (...args: string[]) => run('rabbitmqctl', ['-n', node, ...args], { timeout: 60_000 });
  await run('rabbitmq-server', ['-detached'], { env: { ...process.env, ...env }, timeout: 60_000 });
  await waitForPort(port, 90_000);
  await ctl('await_startup');
  return {
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    stop: async () => void (await ctl('stop_app')),
    start: async () => {
      await ctl('start_app');
      await waitForPort(port, 30_000);
    },
    restart: async () => {
      await ctl('stop_app');
      await ctl('start_app');
    },
    destroy: async () => {
      await ctl('shutdown').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function ids(user: string): Promise<[number, number]> {
  const { stdout } = await run('id', ['-u', user]);
  const { stdout: group } = await run('id', ['-g', user]);
  return [Number(stdout.trim()), Number(group.trim())];
}

async function chownTree(dir: string, user: string) {
  await run('chown', ['-R', `${user}:${user}`, dir]);
}

export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
}

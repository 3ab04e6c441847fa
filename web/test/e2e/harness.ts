/**
 * Starts the whole portal as a real process (the one-machine launcher) on a fresh database, for browser tests.
 * The launcher serves the built web client, so run `npm run build -w @portal/web` (and build the services) first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@portal/platform/testing';

const REPO = path.resolve(__dirname, '../../..');
const LAUNCHER = path.join(REPO, 'deploy/local/dist/start.js');
const REGISTER = path.join(REPO, 'services/platform/register.js');
const WEB_DIST = path.join(REPO, 'web/dist');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface Portal {
  /** the gateway's origin, e.g. http://127.0.0.1:41234 */
  url: string;
  stop(): Promise<void>;
  adminEmail: string;
  adminPassword: string;
  /** the portal's database (each service has its own schema in it), for a test that must set a scene directly */
  databaseUrl: string;
}

/** `extraEnv` adds settings to the portal's environment, e.g. SMTP_HOST and SMTP_PORT of a test mail receiver. */
export async function startPortal(extraEnv: Record<string, string> = {}): Promise<Portal> {
  for (const [file, hint] of [
    [LAUNCHER, 'build the portal: npm run build'],
    [path.join(WEB_DIST, 'index.html'), 'build the web client: npm run build -w @portal/web'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${file} is missing: ${hint}`);
  }
  const adminEmail = 'admin@portal.test';
  const adminPassword = 'Browser-test-password-1';
  const db = await createTestDatabase('portal_web_e2e');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-web-e2e-'));
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    WEB_DIST,
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const dropData = async () => {
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  // A free port is free only until someone binds it: with suites in parallel, another portal's service can take
  // it before our gateway does. The launcher then exits, and we start again on another port.
  for (let attempt = 1; ; attempt++) {
    const url = `http://127.0.0.1:${await freePort()}`;
    const launched = launch(url, { ...env, PUBLIC_BASE_URL: extraEnv.PUBLIC_BASE_URL ?? url });
    try {
      await launched.ready;
    } catch (error) {
      await launched.stop();
      if (attempt < START_ATTEMPTS && launched.output().includes('EADDRINUSE')) continue;
      await dropData();
      throw error;
    }
    const stop = async () => {
      await launched.stop();
      await dropData();
    };
    return { url, adminEmail, adminPassword, databaseUrl: db.url, stop };
  }
}

/** The launcher's "running at" line: printed once the gateway listens, so the port is ours. */
const RUNNING_LINE = 'Dealer portal is running at';
const START_ATTEMPTS = 3;

/** Starts the launcher with its gateway at `url`; `ready` settles once it serves there, or rejects saying why. */
function launch(url: string, env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['--require', REGISTER, LAUNCHER], {
    cwd: REPO,
    env: { ...env, PORT: new URL(url).port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // the services log to stdout (pino) and the launcher's fatal start error is there too: keep both streams' tails
  let output = '';
  let running = false;
  const keep = (chunk: string) => {
    output = (output + chunk).slice(-20_000);
    running ||= output.includes(RUNNING_LINE);
  };
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);

  // a portal that dies under a test says why (the tests then see only refused connections)
  let stopping = false;
  let started = false;
  child.once('exit', (code, signal) => {
    if (!stopping && started)
      console.error(`the portal exited (code ${code}, signal ${signal}) during the tests:\n${output}`);
  });

  const ready = waitUntilReady(
    url,
    child,
    () => running,
    () => output,
  ).then(() => {
    started = true;
  });
  return {
    ready,
    output: () => output,
    async stop() {
      stopping = true;
      await stopChild(child);
    },
  };
}

async function waitUntilReady(
  url: string,
  child: ChildProcess,
  running: () => boolean,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the portal exited with code ${child.exitCode} before it was ready:\n${output()}`);
    }
    // /readyz alone could be another process's that took the port; the launcher's line says the gateway is ours
    if (running() && (await answersReady(url))) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the portal was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

async function answersReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** SIGTERM for a graceful shutdown; SIGKILL if it does not end in time. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port was assigned'));
      });
    });
  });
}

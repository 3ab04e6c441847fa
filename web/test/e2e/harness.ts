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
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, ['--require', REGISTER, LAUNCHER], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      WEB_DIST,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: url,
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });

  // a portal that dies under a test says why (the tests then see only refused connections)
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`the portal exited (code ${code}, signal ${signal}) during the tests:\n${stderr}`);
  });

  const cleanUp = async () => {
    stopping = true;
    await stopChild(child);
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(url, child, () => stderr);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { url, adminEmail, adminPassword, databaseUrl: db.url, stop: cleanUp };
}

async function waitUntilReady(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the portal exited with code ${child.exitCode} before it was ready:\n${stderr()}`);
    }
    if (await answersReady(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the portal was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${stderr()}`);
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

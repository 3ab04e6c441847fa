import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const REPO = path.resolve(__dirname, '../../../../..');
export const REGISTER = path.join(REPO, 'services/platform/register.js');
/** generous: several processes start side by side on a machine that may be busy */
const READY_TIMEOUT_MS = 60_000;

export interface NodeProcess {
  name: string;
  url: string;
  /** the last lines it wrote to stderr, for failure messages */
  stderr(): string;
  /** the last lines it wrote to stdout (its JSON log lines), oldest first */
  stdoutLines(): string[];
  stop(): Promise<void>;
}

/**
 * Starts `script` as production does (`node --require @portal/platform/register script`) on a free port and
 * waits until its `readyPath` answers 200.
 */
export async function startNodeProcess(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  readyPath = '/readyz',
): Promise<NodeProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--require', REGISTER, script], {
    cwd: REPO,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-10_000);
  });
  const lines: string[] = [];
  if (child.stdout) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (lines.length > 5000) lines.splice(0, lines.length - 4000);
    });
  }
  const running: NodeProcess = {
    name,
    url,
    stderr: () => stderr,
    stdoutLines: () => [...lines],
    stop: () => stopChild(child),
  };
  try {
    await waitUntilReady(running, child, readyPath);
  } catch (err) {
    await running.stop();
    throw err;
  }
  return running;
}

async function waitUntilReady(proc: NodeProcess, child: ChildProcess, readyPath: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${proc.name} exited with ${child.exitCode}:\n${proc.stderr()}`);
    const ok = await fetch(`${proc.url}${readyPath}`, { signal: AbortSignal.timeout(1000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${proc.name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${proc.stderr()}`);
}

/** SIGTERM (the telemetry flushes its spans), SIGKILL if it does not end in time. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export function freePort(): Promise<number> {
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

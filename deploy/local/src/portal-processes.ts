import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SERVICES, type ServiceName } from '@portal/contracts';
import { ensureDatabase, serviceDatabaseUrl } from './database';
import { LocalSecrets } from './secrets';

/** A process of the distributed portal: one per service, and the gateway. */
export type PortalProcessName = ServiceName | 'gateway';

/**
 * SMTP_ALLOWED_HOSTS when the operator sets none: on one machine, a mail catcher on this machine (Mailpit,
 * a dev SMTP server) is what an admin names in Email Settings; private ranges stay refused.
 */
export const LOOPBACK_SMTP_HOSTS = 'localhost,127.0.0.0/8,::1';

export interface DistributedPortalOptions {
  /** the repository root, where the built `dist/main.js` of every service and the gateway live */
  repo: string;
  /** secrets (kept across starts), picture files and mail files */
  dataDir: string;
  /** a PostgreSQL URL with rights to create roles and schemas; its database is created when missing */
  databaseUrl: string;
  amqpUrl: string;
  /** the environment every process starts from (default: this process's) */
  env?: NodeJS.ProcessEnv;
  /** variables for one process only, over everything else (tests: short timeouts, fault seams) */
  processEnv?: Partial<Record<PortalProcessName, NodeJS.ProcessEnv>>;
  /** the gateway's port (0: a free one); default PORT or 8080 */
  gatewayPort?: number;
  /** every line a process writes (its JSON logs), as it comes */
  onOutput?: (name: PortalProcessName, line: string) => void;
  /** a process ended without being asked to (it is not restarted) */
  onUnexpectedExit?: (name: PortalProcessName, code: number | null, signal: NodeJS.Signals | null) => void;
  /** how long a process may take to answer its readiness check; default 60 s */
  readyTimeoutMs?: number;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface PortalProcess {
  readonly name: PortalProcessName;
  /** http://127.0.0.1:<port>, the same across restarts */
  readonly url: string;
  readonly port: number;
  pid(): number | undefined;
  running(): boolean;
  /** the last lines it wrote (stdout and stderr) */
  output(): string;
  /** resolves when the current run ends */
  exited(): Promise<ProcessExit>;
  /** sends a signal to the current run (SIGKILL: a crash, SIGSTOP: a hang, SIGTERM: a graceful stop) */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after `graceMs` (default 15 s); resolves with how it ended */
  stop(graceMs?: number): Promise<ProcessExit>;
  /** starts it again on the same port with the same environment (plus `env`), waiting until it is ready */
  start(env?: NodeJS.ProcessEnv): Promise<void>;
}

export interface DistributedPortal {
  /** the gateway, e.g. http://localhost:8080 */
  url: string;
  adminEmail: string;
  /** undefined when it came from ADMIN_PASSWORD */
  generatedAdminPassword: string | undefined;
  adminPassword: string;
  /** the admin URL of the portal's database (as given, database created) */
  databaseUrl: string;
  processes: Record<PortalProcessName, PortalProcess>;
  /** the gateway first, then every service (SIGTERM, each finishing its requests and current messages) */
  stop(): Promise<void>;
}

/** Start order: identity first (it creates the first admin and serves the revoked sessions), the gateway last. */
const START_ORDER: readonly ServiceName[] = ['identity', ...SERVICES.filter((s) => s !== 'identity')];

/**
 * The portal as compose and Kubernetes run it, on one machine: every service and the gateway in its own Node
 * process (`node --require @portal/platform/register <dist/main.js>`, as the image does), on loopback ports,
 * against real PostgreSQL and RabbitMQ. Secrets are generated into the data folder like the one-process
 * portal's; each service provisions its own role and schema. Nothing is restarted behind anyone's back: a
 * process that ends is reported through `onUnexpectedExit`, and `start()` runs it again on request.
 */
export async function startDistributedPortal(opts: DistributedPortalOptions): Promise<DistributedPortal> {
  const baseEnv = opts.env ?? process.env;
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o755 });
  const secrets = new LocalSecrets(join(opts.dataDir, 'secrets'));
  const keys = secrets.tokenKeys(baseEnv);
  const adminEmail = baseEnv.ADMIN_EMAIL ?? 'admin@portal.local';
  const generatedAdminPassword = baseEnv.ADMIN_PASSWORD ? undefined : secrets.value('admin-password');
  const adminPassword = baseEnv.ADMIN_PASSWORD ?? (generatedAdminPassword as string);
  await ensureDatabase(opts.databaseUrl);

  const ports = new Map<PortalProcessName, number>();
  for (const name of START_ORDER) ports.set(name, await freePort());
  const gatewayPort = opts.gatewayPort ?? Number(baseEnv.PORT ?? 8080);
  ports.set('gateway', gatewayPort === 0 ? await freePort() : gatewayPort);
  const urlOf = (name: PortalProcessName) => `http://127.0.0.1:${ports.get(name)}`;
  const publicUrl = `http://localhost:${ports.get('gateway')}`;

  const common = {
    ...baseEnv,
    JWT_PUBLIC_KEY: keys.publicKey,
    JWT_PRIVATE_KEY: undefined,
    LOG_LEVEL: baseEnv.LOG_LEVEL ?? 'info',
  };
  const serviceEnv = (name: ServiceName): NodeJS.ProcessEnv => ({
    ...common,
    ...secrets.generatedKeys(baseEnv, name),
    OTEL_SERVICE_NAME: name,
    HOST: '127.0.0.1',
    PORT: String(ports.get(name)),
    DATABASE_URL: serviceDatabaseUrl(opts.databaseUrl, name, secrets),
    DATABASE_ADMIN_URL: opts.databaseUrl,
    AMQP_URL: opts.amqpUrl,
    IDENTITY_URL: name === 'identity' ? undefined : urlOf('identity'),
    JWT_PRIVATE_KEY: name === 'identity' ? keys.privateKey : undefined,
    // identity's daily report and weekly summary ask these services for their figures
    ...(name === 'identity'
      ? { ORDER_URL: urlOf('order'), DEALER_URL: urlOf('dealer'), INCENTIVE_URL: urlOf('incentive') }
      : {}),
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    PUBLIC_BASE_URL: baseEnv.PUBLIC_BASE_URL ?? publicUrl,
    OBJECTS_DIR: baseEnv.OBJECTS_DIR ?? join(opts.dataDir, 'objects'),
    MAIL_OUTBOX_DIR: baseEnv.MAIL_OUTBOX_DIR ?? join(opts.dataDir, 'mail'),
    SMTP_ALLOWED_HOSTS: baseEnv.SMTP_ALLOWED_HOSTS ?? LOOPBACK_SMTP_HOSTS,
    ...opts.processEnv?.[name],
  });
  const gatewayEnv: NodeJS.ProcessEnv = {
    ...common,
    OTEL_SERVICE_NAME: 'gateway',
    PORT: String(ports.get('gateway')),
    DATABASE_URL: undefined,
    AMQP_URL: undefined,
    WEB_DIST: baseEnv.WEB_DIST ?? join(opts.repo, 'web/dist'),
    ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, urlOf(s)])),
    ...opts.processEnv?.gateway,
  };

  const processes = {} as Record<PortalProcessName, PortalProcess>;
  const managed: ManagedOptions = {
    repo: opts.repo,
    readyPath: '/readyz',
    readyTimeoutMs: opts.readyTimeoutMs ?? 60_000,
    onOutput: opts.onOutput,
    onUnexpectedExit: opts.onUnexpectedExit,
  };
  for (const name of START_ORDER) {
    const script = join(opts.repo, `services/${name}/dist/main.js`);
    processes[name] = new ManagedProcess(name, script, ports.get(name)!, serviceEnv(name), managed);
  }
  const gatewayScript = join(opts.repo, 'gateway/dist/main.js');
  processes.gateway = new ManagedProcess('gateway', gatewayScript, ports.get('gateway')!, gatewayEnv, managed);

  const all = () => Object.values(processes) as ManagedProcess[];
  // a crash of this process must not leave the others running
  const killAll = () => {
    for (const proc of all()) proc.signal('SIGKILL');
  };
  process.on('exit', killAll);
  const stop = async () => {
    await processes.gateway.stop();
    await Promise.all(START_ORDER.map((name) => processes[name].stop()));
    process.off('exit', killAll);
  };

  try {
    await processes.identity.start();
    // the others provision and migrate side by side (provisioning takes an advisory lock)
    await Promise.all(START_ORDER.slice(1).map((name) => processes[name].start()));
    await processes.gateway.start();
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: publicUrl,
    adminEmail,
    adminPassword,
    generatedAdminPassword,
    databaseUrl: opts.databaseUrl,
    processes,
    stop,
  };
}

interface ManagedOptions {
  repo: string;
  readyPath: string;
  readyTimeoutMs: number;
  onOutput?: (name: PortalProcessName, line: string) => void;
  onUnexpectedExit?: (name: PortalProcessName, code: number | null, signal: NodeJS.Signals | null) => void;
}

/** One Node process of the portal (`node --require @portal/platform/register main.js`), started on request only. */
class ManagedProcess implements PortalProcess {
  readonly url: string;
  private child: ChildProcess | null = null;
  private exit: Promise<ProcessExit> = Promise.resolve({ code: null, signal: null });
  private stopping = false;
  private lines: string[] = [];

  constructor(
    readonly name: PortalProcessName,
    private readonly script: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly opts: ManagedOptions,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  pid() {
    return this.child?.pid;
  }

  running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  output() {
    return this.lines.join('\n');
  }

  exited() {
    return this.exit;
  }

  signal(signal: NodeJS.Signals) {
    if (this.running()) this.child?.kill(signal);
  }

  async stop(graceMs = 15_000): Promise<ProcessExit> {
    if (!this.running()) return this.exit;
    this.stopping = true;
    // a stopped (SIGSTOP) process must run again to hear SIGTERM
    this.child?.kill('SIGCONT');
    this.child?.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs);
    const result = await this.exit;
    clearTimeout(timer);
    return result;
  }

  async start(env: NodeJS.ProcessEnv = {}): Promise<void> {
    if (this.running()) throw new Error(`${this.name} is already running`);
    this.stopping = false;
    const child = spawn(
      process.execPath,
      ['--require', join(this.opts.repo, 'services/platform/register.js'), this.script],
      // its own process group: a Ctrl-C in the terminal reaches the launcher only, which stops everything in order
      { cwd: this.opts.repo, env: { ...this.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        this.lines.push(line);
        if (this.lines.length > 300) this.lines.splice(0, this.lines.length - 200);
        this.opts.onOutput?.(this.name, line);
      });
    }
    this.exit = new Promise<ProcessExit>((resolve) => {
      child.once('exit', (code, signal) => {
        if (!this.stopping) this.opts.onUnexpectedExit?.(this.name, code, signal);
        resolve({ code, signal });
      });
    });
    await this.waitUntilReady(child);
  }

  private async waitUntilReady(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + this.opts.readyTimeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${this.name} ended while starting (${child.exitCode ?? child.signalCode}):\n${this.tail()}`);
      const ok = await fetch(`${this.url}${this.opts.readyPath}`, { signal: AbortSignal.timeout(2000) }).then(
        async (res) => {
          await res.body?.cancel();
          return res.ok;
        },
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${this.name} was not ready within ${this.opts.readyTimeoutMs} ms:\n${this.tail()}`);
  }

  private tail() {
    return this.lines.slice(-20).join('\n');
  }
}

/** A free loopback port (picked once per process, so a restarted process keeps its address). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

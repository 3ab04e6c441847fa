/**
 * What the benchmarks share: a fresh PostgreSQL database, the built one-machine portal started on it as an
 * operator would (NODE_ENV=production), and the admin's sign-in. Like web/test/e2e/harness.ts, in plain ESM so
 * a benchmark runs with `node` after a build.
 *
 * Settings (environment): BENCH_DATABASE_ADMIN_URL (or TEST_DATABASE_URL), default
 * postgres://postgres@127.0.0.1:5432/postgres.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DATABASE_ADMIN_URL =
  process.env.BENCH_DATABASE_ADMIN_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const LAUNCHER = path.join(REPO, 'deploy/local/dist/start.js');
const REGISTER = path.join(REPO, 'services/platform/register.js');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/** Throws, naming what to build or install, when one of `[file, hint]` is missing. */
export function requireFiles(files) {
  for (const [file, hint] of files) if (!existsSync(file)) throw new Error(`${file} is missing: ${hint}`);
}

async function withAdmin(work) {
  const client = new pg.Client({ connectionString: DATABASE_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database; `drop()` removes it and the roles the portal made for it (`<database>_<service>`). */
export async function createDatabase(prefix) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(DATABASE_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withAdmin(async (c) => {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        const roles = await c.query('SELECT rolname FROM pg_roles WHERE starts_with(rolname, $1)', [`${name}_`]);
        for (const { rolname } of roles.rows) await c.query(`DROP ROLE IF EXISTS "${rolname}"`);
      }),
  };
}

/** Throws, naming what to build, unless the one-machine portal and (when given) the web client `webDist` are built. */
export function requireBuilt(webDist) {
  requireFiles([
    [LAUNCHER, 'build the portal: npx turbo run build'],
    ...(webDist ? [[path.join(webDist, 'index.html'), 'build the web client: npx turbo run build']] : []),
  ]);
}

/** A client of the benchmark's database `name` (to seed tables or watch the services), connected. */
export async function connectDatabase(name) {
  const url = new URL(DATABASE_ADMIN_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built portal on a free port and waits until it is ready. Answers its `url`, the `child` process,
 * the tail of its `stderr()` and `stop()`; a portal that exits or is not ready in time is stopped and the error
 * carries what it printed. `env`: more variables for the portal (e.g. TRUST_PROXY).
 */
export async function startPortal({ databaseUrl, dataDir, admin, webDist, nodeArgs = [], env = {} }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, '--require', REGISTER, LAUNCHER], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // its log lines (stdout: a fatal start-up error is logged there) and stderr, the last 20,000 characters
  let stderr = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8').on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-20_000);
      if (process.env.BENCH_PORTAL_LOG) appendFileSync(process.env.BENCH_PORTAL_LOG, chunk);
    });
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode}:\n${stderr}`);
    if (await answersReady(url)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the portal was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, child, stderr: () => stderr, stop };
}

async function answersReady(url) {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** The admin's sign-in answer from POST /api/auth/login: `access_token` and `user`. */
export async function signIn(url, admin) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200 || !body.access_token) {
    throw new Error(`admin sign-in answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
  }
  return body;
}

/**
 * A benchmark's portal: `open()` makes a fresh database and data folder, starts the built portal there (with
 * BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it, or "--trace-gc" with BENCH_PORTAL_LOG=<file>
 * to keep everything it prints) and signs the admin in; `close()`
 * stops it and removes both, once, whether called from `finally` or from a signal while `open()` was still
 * running. `portal` is the running portal (for `withPortalExit`); `client()` a client of its database (to seed
 * tables or watch the services), ended by `close()`.
 */
export function benchPortal({ prefix, admin, webDist }) {
  let database;
  let dataDir;
  let portal;
  let client;
  let closing;
  return {
    get portal() {
      return portal;
    },
    async client() {
      client ??= connectDatabase(database.name);
      return client;
    },
    async open() {
      database = await createDatabase(prefix);
      dataDir = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
      const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
      portal = await startPortal({ databaseUrl: database.url, dataDir, admin, webDist, nodeArgs });
      const token = (await signIn(portal.url, admin)).access_token;
      return {
        portal,
        url: portal.url,
        token,
        auth: { authorization: `Bearer ${token}` },
        databaseName: database.name,
      };
    },
    close: () =>
      (closing ??= (async () => {
        if (client) await (await client).end().catch(() => undefined);
        if (portal) await portal.stop();
        if (database && process.env.BENCH_KEEP_DATABASE)
          console.error(`kept the database ${database.name} (BENCH_KEEP_DATABASE): drop it when done`);
        else if (database)
          await database.drop().catch((err) => console.error(`could not drop ${database.name}: ${err.message}`));
        if (dataDir) await rm(dataDir, { recursive: true, force: true });
      })()),
  };
}

/** Adds why a portal that died said on stderr to `err` (a benchmark's failure is otherwise a bare ECONNREFUSED). */
export function withPortalExit(err, portal) {
  if (portal && portal.child.exitCode !== null && err instanceof Error) {
    err.message += `\nthe portal exited with code ${portal.child.exitCode}:\n${portal.stderr()}`;
  }
  return err;
}

/**
 * Runs a benchmark's `main` (answers whether every target was met) and exits 0 or 1. Output piped into `head`
 * must not stop the clean-up, and Ctrl-C cleans up too.
 */
export function runBenchmark(main, cleanUp) {
  process.stdout.on('error', () => undefined);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`${signal}: stopping the portal and dropping the database`);
      cleanUp().finally(() => process.exit(130));
    });
  }
  main().then(
    (ok) => process.exit(ok ? 0 : 1),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}

/**
 * Runs a benchmark on a fresh portal (benchPortal) and exits 0 or 1: prints `title` with where it runs, hands
 * `measure` what `open()` answers plus `base` (the portal's URL) and `db` (a client of its database), and exits on
 * whether `measure` says every target was met. A failure carries why a dying portal exited; the portal is stopped,
 * the database dropped and `closeHttp` (the benchmark's HTTP client's `destroy`) called at the end, on failure and
 * on Ctrl-C.
 */
export function runPortalBenchmark({ prefix, admin, webDist, title, closeHttp }, measure) {
  const bench = benchPortal({ prefix, admin, webDist });
  const cleanUp = async () => {
    closeHttp?.();
    await bench.close();
  };
  const main = async () => {
    requireBuilt(webDist);
    try {
      const opened = await bench.open();
      const db = await bench.client();
      console.log(`${title} through the gateway (NODE_ENV=production, PostgreSQL ${new URL(DATABASE_ADMIN_URL).host})`);
      return await measure({ ...opened, base: opened.url, db });
    } catch (err) {
      throw withPortalExit(err, bench.portal);
    } finally {
      await cleanUp();
    }
  };
  runBenchmark(main, cleanUp);
}

/**
 * Until the portal is quiet: every service's outbox published and no service applied an event for a second.
 * `db` is a client on the portal's database (every service schema). Answers the seconds waited.
 */
export async function settled(db, timeoutMs = 600_000) {
  const { rows: schemas } = await db.query(
    `SELECT table_schema AS s, bool_or(table_name = 'outbox') AS outbox, bool_or(table_name = 'processed_events') AS processed
       FROM information_schema.tables WHERE table_name IN ('outbox', 'processed_events') GROUP BY table_schema`,
  );
  const unsent = schemas
    .filter((r) => r.outbox)
    .map((r) => `(SELECT count(*) FROM "${r.s}".outbox WHERE sent_at IS NULL)`)
    .join(' + ');
  const latest = schemas
    .filter((r) => r.processed)
    .map((r) => `(SELECT max(processed_at) FROM "${r.s}".processed_events)`)
    .join(', ');
  const started = Date.now();
  for (;;) {
    const { rows } = await db.query(
      `SELECT (${unsent || '0'})::int AS unsent,
              coalesce(extract(epoch FROM clock_timestamp() - greatest(${latest || 'NULL'})), 1e9) AS idle_s`,
    );
    if (rows[0].unsent === 0 && rows[0].idle_s >= 1) return (Date.now() - started) / 1000;
    if (Date.now() - started > timeoutMs)
      throw new Error(`the portal did not settle: ${rows[0].unsent} events unpublished`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

#!/usr/bin/env node
/**
 * `make seed`: fills a running portal with a believable demo business through its public API.
 *
 *   node scripts/seed/seed.mjs [--force] [--scale 0.1] [--json]
 *
 * Settings (environment): SEED_URL (default http://localhost:8080), ADMIN_EMAIL (default admin@portal.local),
 * ADMIN_PASSWORD (default: the one `make start` generated into .data/secrets/admin-password, or DATA_DIR's),
 * SEED_SCALE (default 1: 300 dealers, about 3,000 orders), SEED_CONCURRENCY (default 6).
 * --force seeds a portal that already holds other data; --json prints the summary as JSON on stdout.
 * Exit codes: 0 done, 2 refused (foreign data), 1 failed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ForeignDataError, seedPortal } from './lib/seed.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function adminPassword(env) {
  if (env.ADMIN_PASSWORD) return env.ADMIN_PASSWORD;
  const file = path.join(path.resolve(env.DATA_DIR ?? path.join(REPO, '.data')), 'secrets/admin-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new Error(`set ADMIN_PASSWORD (no ${file} to read it from)`);
}

function number(name, value, fallback, { min, max }) {
  const n = value === undefined || value === '' ? fallback : Number(value);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`${name} must be a number from ${min} to ${max}, not ${value}`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      force: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      scale: { type: 'string' },
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      readFileSync(fileURLToPath(import.meta.url), 'utf8')
        .split('*/')[0]
        .replace(/^#!.*\n\/\*\*\n?/, ''),
    );
    return 0;
  }
  const env = process.env;
  const url = values.url ?? env.SEED_URL ?? 'http://localhost:8080';
  const scale = number('SEED_SCALE', values.scale ?? env.SEED_SCALE, 1, { min: 0.01, max: 10 });
  const concurrency = number('SEED_CONCURRENCY', env.SEED_CONCURRENCY, 6, { min: 1, max: 64 });
  const admin = { email: env.ADMIN_EMAIL ?? 'admin@portal.local', password: adminPassword(env) };
  // with --json the summary owns stdout; progress goes to stderr
  const log = (line) => (values.json ? process.stderr : process.stdout).write(`${line}\n`);

  const summary = await seedPortal({ url, admin, scale, force: values.force, concurrency, log });
  if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else printSummary(summary, log);
  return 0;
}

function printSummary(s, log) {
  const list = (o) =>
    Object.entries(o)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ') || 'none';
  const addedNothing = Object.keys(s.added).length === 0;
  log('');
  log(addedNothing ? 'The demo business was already there: nothing added.' : `Added: ${list(s.added)}.`);
  log('');
  log(
    `  Dealers    ${s.dealers.active} active in ${s.dealers.states} states, ${s.dealers.archived} archived, ` +
      `${s.dealers.websites_published} websites published, ${s.dealers.on_map} on the map (${s.dealers.pro_staff} pro staff)`,
  );
  log(`  Catalogue  ${s.products} products, ${s.pictures} pictures`);
  log(`  Orders     ${s.orders.total}: ${list(s.orders.by_status)}`);
  log(`             ${list(s.orders.by_payment_status)}`);
  log(
    `  Payments   ${s.payments.count} (${list(s.payments.by_method)}), $${s.payments.collected.toLocaleString('en-US', { minimumFractionDigits: 2 })} collected`,
  );
  log(`  Shipments  ${s.shipments.total} (${s.shipments.completed} completed)`);
  log(
    `  Programs   ${Object.entries(s.achievements)
      .map(([name, n]) => `${name}: ${n} achievements`)
      .join('; ')}`,
  );
  log(`  Dashboard  ${s.dashboard.pending_orders} pending orders, ${s.dashboard.recent_orders} this month`);
  if (s.dealer_login) log(`  Dealer login: ${s.dealer_login.email} / ${s.dealer_login.password}`);
  log(`  ${s.requests} requests in ${s.seconds} s`);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    const message = err instanceof Error ? err.message : String(err);
    const hint = /auth\/login failed/.test(message)
      ? ' (is the portal running there? `make start` in another terminal, or set SEED_URL)'
      : '';
    process.stderr.write(`seed: ${message}${hint}\n`);
    process.exit(err instanceof ForeignDataError ? 2 : 1);
  },
);

/**
 * The first load of the web client stays small: the landing and login pages load at most 100 KB of JavaScript
 * (gzip), without zod and without the map (d3-geo, us-atlas), which load with the screens that need them. Reads
 * the built client (web/dist, `vite build`; `make test` builds first) through scripts/bench/bundle-sizes.mjs,
 * the figures `make bench` prints.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(__dirname, '../../..');
const SCRIPT = path.join(REPO, 'scripts/bench/bundle-sizes.mjs');

interface Figures {
  initial: { bytes: number; chunks: string[]; heavyPackages: string[] };
  roles: Record<'admin' | 'dealer' | 'delivery', { firstScreen: number; allScreens: number }>;
  targetBytes: number;
}

function measure(): Figures {
  if (!existsSync(path.join(REPO, 'web/dist/.vite/manifest.json'))) {
    throw new Error('web/dist has no build manifest: build the web client first (cd web && npx vite build)');
  }
  // the script exits 1 when the target is missed; its figures are printed either way
  try {
    return JSON.parse(execFileSync(process.execPath, [SCRIPT, '--json'], { encoding: 'utf8' }));
  } catch (error) {
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout) return JSON.parse(stdout);
    throw error;
  }
}

describe('The web client first load', () => {
  const figures = measure();

  test('When the landing and login pages load, Then their JavaScript is at most 100 KB gzip', () => {
    expect(figures.targetBytes).toBe(100_000);
    expect(figures.initial.bytes).toBeLessThanOrEqual(100_000);
  });

  test('When the landing page loads, Then neither zod nor the map is part of it', () => {
    expect(figures.initial.heavyPackages).toEqual([]);
  });

  test('When a role signs in, Then its dashboard arrives as chunks of its own, after the first load', () => {
    for (const role of ['admin', 'dealer', 'delivery'] as const) {
      expect(figures.roles[role].firstScreen).toBeGreaterThan(0);
    }
  });
});

#!/usr/bin/env node
/**
 * Benchmark: the web client's first load. Reads the built client (web/dist, after `vite build`) and prints, in
 * gzip bytes, the JavaScript a browser loads for the landing and login pages (the entry chunk and every chunk it
 * imports statically; login is part of it), then per role the JavaScript its dashboard adds when it opens (its
 * first screen), and all of the role's screens. Target: landing + login ≤ 100 KB of JS (gzip, 1 KB = 1,000
 * bytes), with neither zod nor the map (d3-geo, us-atlas) among the first load's modules.
 *
 * How: dist/.vite/manifest.json gives each chunk's static imports (`imports`) and lazy ones (`dynamicImports`);
 * the modules in a chunk come from its source map. gzip is Node's zlib at level 9 (what a static server
 * pre-compressing its files would send).
 *
 * `node scripts/bench/bundle-sizes.mjs` (scripts/bench.sh runs it); `--json` prints the figures as JSON. Exits 1
 * when the target is missed. WEB_DIST measures another build (e.g. to compare before and after a change).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.WEB_DIST ?? path.join(REPO, 'web/dist');
const TARGET_BYTES = 100_000;
/** packages the first load must not carry: the contract's validation library and the map */
const NOT_IN_FIRST_LOAD = ['zod', 'd3-geo', 'd3-array', 'us-atlas', 'topojson-client'];

/** The screens that open first for each role, and every screen of it, as source files of the client. */
const ROLES = {
  admin: { shell: 'src/app/shells/admin/AdminDashboard.tsx', first: 'src/features/dashboard/DashboardPanel.tsx' },
  dealer: { shell: 'src/app/shells/dealer/DealerDashboard.tsx', first: 'src/features/dealer-portal/OverviewPanel.tsx' },
  delivery: {
    shell: 'src/app/shells/delivery/DeliveryDashboard.tsx',
    first: 'src/features/shipping/ShippingPanel.tsx',
  },
};

export function measure(dist = DIST) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(`${manifestFile} is missing: build the web client (cd web && npx vite build)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const gzipOf = new Map();
  const gzip = (file) => {
    if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gzipOf.get(file);
  };

  /** the chunk keys loaded with `key`: itself and its static imports, transitively */
  const staticClosure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of manifest[key]?.imports ?? []) visit(next);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  /** every chunk reachable from `keys`, lazy ones included, leaving out (and not following) those in `loaded` */
  const fullClosure = (keys, loaded) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || loaded.has(key)) return;
      seen.add(key);
      for (const next of [...(manifest[key]?.imports ?? []), ...(manifest[key]?.dynamicImports ?? [])]) visit(next);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  const bytes = (keys) => [...keys].reduce((sum, key) => sum + gzip(manifest[key].file), 0);
  const minus = (keys, loaded) => new Set([...keys].filter((key) => !loaded.has(key)));
  const modulesOf = (keys) =>
    [...keys].flatMap((key) => {
      const map = path.join(dist, `${manifest[key].file}.map`);
      return existsSync(map) ? JSON.parse(readFileSync(map, 'utf8')).sources : [];
    });

  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const initial = staticClosure([entry]);
  const heavy = NOT_IN_FIRST_LOAD.filter((pkg) =>
    modulesOf(initial).some((source) => source.includes(`node_modules/${pkg}/`)),
  );
  const roles = Object.fromEntries(
    Object.entries(ROLES).map(([role, { shell, first }]) => {
      // a dashboard that is not a chunk of its own is part of the first load (not split: a miss)
      if (!manifest[shell] || !manifest[first]) return [role, { firstScreen: null, allScreens: null }];
      const opened = minus(staticClosure([shell, first]), initial);
      const all = fullClosure([shell], initial);
      return [role, { firstScreen: bytes(opened), allScreens: bytes(all) }];
    }),
  );
  const everything = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
  return {
    initial: { bytes: bytes(initial), chunks: [...initial].map((key) => manifest[key].file), heavyPackages: heavy },
    roles,
    total: everything.reduce((sum, chunk) => sum + gzip(chunk.file), 0),
    targetBytes: TARGET_BYTES,
  };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = measure();
  const ok =
    figures.initial.bytes <= TARGET_BYTES &&
    figures.initial.heavyPackages.length === 0 &&
    Object.values(figures.roles).every((sizes) => sizes.firstScreen !== null);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(figures, null, 2));
  } else {
    console.log(`web client first load (JS, gzip level 9) from ${path.relative(process.cwd(), DIST) || DIST}`);
    console.log(
      `landing + login: ${kb(figures.initial.bytes)} in ${figures.initial.chunks.length} chunks (target <= ${kb(TARGET_BYTES)}) ${ok ? 'ok' : 'MISSED'}`,
    );
    if (figures.initial.heavyPackages.length > 0) {
      console.log(`  in the first load but should not be: ${figures.initial.heavyPackages.join(', ')}`);
    }
    for (const [role, sizes] of Object.entries(figures.roles)) {
      if (sizes.firstScreen === null) {
        console.log(`  ${role.padEnd(8)} dashboard is not loaded on demand: it is part of the first load`);
        continue;
      }
      console.log(
        `  ${role.padEnd(8)} dashboard adds ${kb(sizes.firstScreen)} on sign-in (first screen), ${kb(sizes.allScreens)} with every screen`,
      );
    }
    console.log(`  all JS of the client: ${kb(figures.total)}`);
  }
  process.exitCode = ok ? 0 : 1;
}

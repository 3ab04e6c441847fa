/**
 * Route optimiser benchmark (issues 11 and 22), on the built shipping service (`npx turbo run build` first;
 * `make bench` runs it):
 *   1. Quality and time on seven public TSPLIB instances of 50–150 cities (closed tour from city 1, TSPLIB's
 *      rounded Euclidean distances; fixtures in services/shipping/test/fixtures): the tour length, its gap to the
 *      published optimum and the time of one optimisation (after a warm-up run; the slowest of BENCH_TSP_RUNS).
 *      Targets: gap <= 0.5 %, time <= 1 s, for each instance.
 *   2. Optimise a 200-stop route (random US-sized points, great-circle miles, open route from a start point):
 *      warm-up, then BENCH_RUNS runs; median and p95. Target: p95 <= 1 s.
 * Exits 1 when a target is missed.
 *
 *   node scripts/bench/shipping-routes.mjs
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const shipping = path.join(here, '../../services/shipping');
const require = createRequire(import.meta.url);
const { optimizeTour, tourLength } = require(path.join(shipping, 'dist/domain/optimizer.js'));
const { greatCircleMiles } = require(path.join(shipping, 'dist/domain/geo.js'));

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TSP_RUNS = Number(process.env.BENCH_TSP_RUNS ?? 3);
const TARGET_MS = 1000;
const TARGET_GAP = 0.005;
const INSTANCES = [
  ['eil51', 51],
  ['berlin52', 52],
  ['st70', 70],
  ['eil76', 76],
  ['kroA100', 100],
  ['eil101', 101],
  ['ch130', 130],
];

function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const timed = (fn) => {
  const started = performance.now();
  const result = fn();
  return [result, performance.now() - started];
};

let failed = false;

// 1. TSPLIB instances (the fixture files: `export const NAME_OPTIMUM = n;` and `[x, y],` rows)
for (const [name, cities] of INSTANCES) {
  const fixture = readFileSync(path.join(shipping, `test/fixtures/${name}.ts`), 'utf8');
  const optimum = Number(fixture.match(/_OPTIMUM = (\d+);/)[1]);
  const points = [...fixture.matchAll(/\[([\d.]+), ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
  const tsp = {
    size: points.length,
    distance: (a, b) => Math.round(Math.hypot(points[a][0] - points[b][0], points[a][1] - points[b][1])),
    order: points.slice(1).map((_, i) => i + 1),
    closed: true,
  };
  optimizeTour(tsp);
  let slowest = 0;
  let tour;
  for (let i = 0; i < TSP_RUNS; i++) {
    const [result, ms] = timed(() => optimizeTour(tsp));
    tour = result;
    slowest = Math.max(slowest, ms);
  }
  const length = tourLength(tsp, tour.order);
  const gap = length / optimum - 1;
  const ok = points.length === cities && length >= optimum && gap <= TARGET_GAP && slowest <= TARGET_MS;
  if (!ok) failed = true;
  console.log(
    `${name.padEnd(8)}: ${length} (optimum ${optimum}), gap ${(gap * 100).toFixed(2)} % (target <= ${TARGET_GAP * 100} %), ` +
      `${slowest.toFixed(0)} ms (target <= ${TARGET_MS})${ok ? '' : '  MISSED'}`,
  );
}

// 2. 200 stops across the continental US, start in Dallas
const next = random(2026);
const points = [{ lat: 32.7767, lng: -96.797 }];
for (let i = 0; i < 200; i++) points.push({ lat: 25 + next() * 24, lng: -124 + next() * 57 });
const problem = {
  size: points.length,
  distance: (a, b) => greatCircleMiles(points[a], points[b]),
  order: points.slice(1).map((_, i) => i + 1),
};
for (let i = 0; i < 2; i++) optimizeTour(problem);
const times = [];
let result;
for (let i = 0; i < RUNS; i++) {
  const [answer, ms] = timed(() => optimizeTour(problem));
  result = answer;
  times.push(ms);
}
times.sort((a, b) => a - b);
const p95 = percentile(times, 95);
if (p95 > TARGET_MS) failed = true;
const nn = tourLength(problem, result.nearestNeighbour);
const optimised = tourLength(problem, result.order);
console.log(
  `optimise 200 stops: median ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (target <= ${TARGET_MS}); ` +
    `${nn.toFixed(0)} mi nearest neighbour -> ${optimised.toFixed(0)} mi optimised`,
);

if (failed) process.exit(1);

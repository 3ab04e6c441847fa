/**
 * Route optimiser benchmark (issue 11), on the built shipping service (`npx turbo run build` first; `make bench` runs it):
 *   1. Optimise a 200-stop route (random US-sized points, great-circle miles, open route from a start point):
 *      warm-up, then BENCH_RUNS runs; median and p95. Target: p95 <= 50 ms.
 *   2. Quality on TSPLIB berlin52 (closed tour from city 1, rounded Euclidean distances): the tour length and
 *      its gap to the optimum 7542. Target: gap <= 5 %.
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

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const TARGET_P95_MS = 50;
const TARGET_GAP = 0.05;

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

// 1. 200 stops across the continental US, start in Dallas
const next = random(2026);
const points = [{ lat: 32.7767, lng: -96.797 }];
for (let i = 0; i < 200; i++) points.push({ lat: 25 + next() * 24, lng: -124 + next() * 57 });
const problem = {
  size: points.length,
  distance: (a, b) => greatCircleMiles(points[a], points[b]),
  order: points.slice(1).map((_, i) => i + 1),
};
for (let i = 0; i < 5; i++) optimizeTour(problem);
const times = [];
let result;
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  result = optimizeTour(problem);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const p95 = percentile(times, 95);
const nn = tourLength(problem, result.nearestNeighbour);
const optimised = tourLength(problem, result.order);
console.log(
  `optimise 200 stops: median ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target <= ${TARGET_P95_MS}); ` +
    `${nn.toFixed(0)} mi nearest neighbour -> ${optimised.toFixed(0)} mi optimised`,
);

// 2. berlin52
const fixture = readFileSync(path.join(shipping, 'test/fixtures/berlin52.ts'), 'utf8');
const berlin = [...fixture.matchAll(/\[(\d+), (\d+)\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
const tsp = {
  size: berlin.length,
  distance: (a, b) => Math.round(Math.hypot(berlin[a][0] - berlin[b][0], berlin[a][1] - berlin[b][1])),
  order: berlin.slice(1).map((_, i) => i + 1),
  closed: true,
};
const tour = optimizeTour(tsp);
const length = tourLength(tsp, tour.order);
const gap = length / 7542 - 1;
console.log(`berlin52: ${length} (optimum 7542), gap ${(gap * 100).toFixed(2)} % (target <= ${TARGET_GAP * 100} %)`);

if (berlin.length !== 52 || p95 > TARGET_P95_MS || gap > TARGET_GAP) process.exit(1);

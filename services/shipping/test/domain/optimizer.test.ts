import { optimizeTour, tourLength } from '../../src/domain/optimizer';
import { BERLIN52, BERLIN52_OPTIMUM } from '../fixtures/berlin52';
import { CH130, CH130_OPTIMUM } from '../fixtures/ch130';
import { EIL51, EIL51_OPTIMUM } from '../fixtures/eil51';
import { EIL76, EIL76_OPTIMUM } from '../fixtures/eil76';
import { EIL101, EIL101_OPTIMUM } from '../fixtures/eil101';
import { KROA100, KROA100_OPTIMUM } from '../fixtures/kroA100';
import { ST70, ST70_OPTIMUM } from '../fixtures/st70';

type Points = readonly (readonly [number, number])[];
/** Public TSPLIB instances (EUC_2D) of 50–150 cities and their published optimal tour lengths (issue 22). */
const TSPLIB: [string, number, Points][] = [
  ['eil51', EIL51_OPTIMUM, EIL51],
  ['berlin52', BERLIN52_OPTIMUM, BERLIN52],
  ['st70', ST70_OPTIMUM, ST70],
  ['eil76', EIL76_OPTIMUM, EIL76],
  ['kroA100', KROA100_OPTIMUM, KROA100],
  ['eil101', EIL101_OPTIMUM, EIL101],
  ['ch130', CH130_OPTIMUM, CH130],
];

/** A deterministic pseudo-random generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A plane problem: node 0 is the start, then the points. */
function planeProblem(points: Points, round = false) {
  const distance = (a: number, b: number) => {
    const p = points[a] as readonly [number, number];
    const q = points[b] as readonly [number, number];
    const d = Math.hypot(p[0] - q[0], p[1] - q[1]);
    return round ? Math.round(d) : d;
  };
  return { size: points.length, distance, order: points.slice(1).map((_, i) => i + 1) };
}

/** perturbations per stop where a test checks a property, not quality: keeps the many random routes fast */
const FEW_KICKS = 3;

const randomPoints = (n: number, seed: number) => {
  const next = random(seed);
  return Array.from({ length: n + 1 }, () => [next() * 1000, next() * 1000] as const);
};

describe('optimizeTour', () => {
  test('When stops lie on a line out of order, Then the open route from the start visits them in line order', () => {
    const points = [
      [0, 0],
      [3, 0],
      [1, 0],
      [4, 0],
      [2, 0],
    ] as const;
    const { order } = optimizeTour(planeProblem(points));
    expect(order).toEqual([2, 4, 1, 3]);
  });

  test('When stops are locked, Then each stays at its position and the rest are reordered', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const problem = planeProblem(randomPoints(40, seed));
      const locked = new Set([3, 17, 40]);
      const { order, nearestNeighbour } = optimizeTour({ ...problem, locked, kicksPerStop: FEW_KICKS });
      for (const node of locked) {
        expect(order.indexOf(node)).toBe(problem.order.indexOf(node));
        expect(nearestNeighbour.indexOf(node)).toBe(problem.order.indexOf(node));
      }
      expect([...order].sort((a, b) => a - b)).toEqual(problem.order);
    }
  });

  test('When optimised, Then the tour is never longer than the nearest-neighbour tour (open and closed, with and without locks)', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const problem = planeProblem(randomPoints(5 + seed * 3, seed));
      for (const closed of [false, true]) {
        const locked = seed % 2 ? new Set([1, 4]) : undefined;
        const result = optimizeTour({ ...problem, closed, locked, kicksPerStop: FEW_KICKS });
        const optimised = tourLength({ ...problem, closed }, result.order);
        const constructed = tourLength({ ...problem, closed }, result.nearestNeighbour);
        expect(optimised).toBeLessThanOrEqual(constructed + 1e-9);
      }
    }
  });

  test('When the route has one stop or none, Then it is answered as it is', () => {
    expect(optimizeTour({ size: 1, distance: () => 0, order: [] }).order).toEqual([]);
    expect(optimizeTour({ size: 2, distance: () => 1, order: [1] }).order).toEqual([1]);
  });

  test('When every stop is locked, Then nothing moves', () => {
    const problem = planeProblem(randomPoints(10, 7));
    const { order } = optimizeTour({
      ...problem,
      order: [5, 3, 1, 2, 4, 6, 7, 8, 9, 10],
      locked: new Set(problem.order),
    });
    expect(order).toEqual([5, 3, 1, 2, 4, 6, 7, 8, 9, 10]);
  });

  test.each(TSPLIB)(
    'When the tour is TSPLIB %s (closed, from city 1), Then it is within 0.5 %% of the optimum %d',
    (_name, optimum, points) => {
      const problem = { ...planeProblem(points, true), closed: true };
      // no wall-clock cap: the quality asserted is the deterministic budget's, however loaded the machine
      const { order } = optimizeTour({ ...problem, timeLimitMs: Number.POSITIVE_INFINITY });
      const length = tourLength(problem, order);
      // below the published optimum would mean wrong coordinates
      expect(length).toBeGreaterThanOrEqual(optimum);
      expect(length / optimum - 1).toBeLessThanOrEqual(0.005);
    },
  );

  test('When the same route is optimised twice, Then the answers are identical (a seeded generator)', () => {
    const problem = {
      ...planeProblem(KROA100, true),
      closed: true,
      locked: new Set([10, 50, 90]),
      timeLimitMs: Number.POSITIVE_INFINITY,
    };
    expect(optimizeTour(problem).order).toEqual(optimizeTour(problem).order);
  });

  test('When a TSPLIB tour has locked stops, Then they keep their positions and the rest is still improved', () => {
    const problem = { ...planeProblem(CH130, true), closed: true };
    const locked = new Set([5, 40, 41, 77, 129]);
    const { order, nearestNeighbour } = optimizeTour({ ...problem, locked, timeLimitMs: Number.POSITIVE_INFINITY });
    for (const node of locked) expect(order.indexOf(node)).toBe(problem.order.indexOf(node));
    expect([...order].sort((a, b) => a - b)).toEqual(problem.order);
    expect(tourLength(problem, order)).toBeLessThan(tourLength(problem, nearestNeighbour) * 0.9);
  });
});

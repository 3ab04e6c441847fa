import { optimizeTour, tourLength } from '../../src/domain/optimizer';
import { BERLIN52, BERLIN52_OPTIMUM } from '../fixtures/berlin52';

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
function planeProblem(points: readonly (readonly [number, number])[], round = false) {
  const distance = (a: number, b: number) => {
    const p = points[a] as readonly [number, number];
    const q = points[b] as readonly [number, number];
    const d = Math.hypot(p[0] - q[0], p[1] - q[1]);
    return round ? Math.round(d) : d;
  };
  return { size: points.length, distance, order: points.slice(1).map((_, i) => i + 1) };
}

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
      const { order, nearestNeighbour } = optimizeTour({ ...problem, locked });
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
        const result = optimizeTour({ ...problem, closed, locked });
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

  test('When the tour is TSPLIB berlin52 (closed, from city 1), Then it is within 5 % of the optimum 7542', () => {
    const problem = planeProblem(BERLIN52, true);
    const { order } = optimizeTour({ ...problem, closed: true });
    const length = tourLength({ ...problem, closed: true }, order);
    expect(length).toBeGreaterThanOrEqual(BERLIN52_OPTIMUM);
    expect(length / BERLIN52_OPTIMUM - 1).toBeLessThanOrEqual(0.05);
  });

  test('When the route has 200 stops, Then it is optimised in well under the 50 ms target', () => {
    const problem = planeProblem(randomPoints(200, 42));
    optimizeTour(problem); // warm-up (JIT)
    const started = performance.now();
    optimizeTour(problem);
    expect(performance.now() - started).toBeLessThan(250); // the loaded test machine; the benchmark holds 50 ms
  });
});

import type { Coordinates } from '@portal/contracts';
import { greatCircleMiles } from './geo';
import { optimizeTour } from './optimizer';

/**
 * The Optimise action on a route: the stops (in their current order) reordered from `start` by the optimiser,
 * an open route measured in great-circle miles. Locked stops keep their positions. A stop without coordinates
 * cannot be placed, so it keeps its position too, and counts as standing where the stop before it stands.
 * Answers the dealer ids in the new order.
 */
export function optimizeStops(
  stops: readonly { dealer_id: string; coordinates: Coordinates | null }[],
  locked: ReadonlySet<string>,
  start: Coordinates,
): string[] {
  const points: Coordinates[] = [start];
  let previous = start;
  for (const stop of stops) {
    previous = stop.coordinates ?? previous;
    points.push(previous);
  }
  const lockedNodes = new Set<number>();
  stops.forEach((stop, index) => {
    if (locked.has(stop.dealer_id) || !stop.coordinates) lockedNodes.add(index + 1);
  });
  const { order } = optimizeTour({
    size: points.length,
    distance: (a, b) => greatCircleMiles(points[a] as Coordinates, points[b] as Coordinates),
    order: stops.map((_, index) => index + 1),
    locked: lockedNodes,
  });
  return order.map((node) => (stops[node - 1] as { dealer_id: string }).dealer_id);
}

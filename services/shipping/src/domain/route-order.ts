import type { Coordinates, RouteMode } from '@portal/contracts';
import { DEFAULT_MAP_CENTRE, degreeDistance } from './geo';

export interface OrderableStop {
  dealer_id: string;
  coordinates: Coordinates | null;
}

/**
 * The stops in the order of `mode` (001 §4). `stops` come in the original order (dealers by the first of their
 * orders in the shipment). closest_first / closest_last sort by straight-line degree distance from the default
 * map centre (ties keep the original order); stops without coordinates come last, in the original order.
 * manual and optimized follow the kept `sequence`; a stop it does not name comes after, in the original order.
 */
export function orderStops<T extends OrderableStop>(
  stops: readonly T[],
  mode: RouteMode,
  sequence: readonly string[],
): T[] {
  if (mode === 'original') return [...stops];
  if (mode === 'closest_first' || mode === 'closest_last') {
    const sign = mode === 'closest_first' ? 1 : -1;
    const placed = stops
      .map((stop, index) => ({
        stop,
        index,
        distance: stop.coordinates && degreeDistance(stop.coordinates, DEFAULT_MAP_CENTRE),
      }))
      .filter((entry): entry is typeof entry & { distance: number } => entry.distance !== null)
      .sort((a, b) => sign * (a.distance - b.distance) || a.index - b.index)
      .map((entry) => entry.stop);
    return [...placed, ...stops.filter((stop) => !stop.coordinates)];
  }
  const rank = new Map(sequence.map((id, index) => [id, index]));
  const named = stops.filter((stop) => rank.has(stop.dealer_id));
  named.sort((a, b) => (rank.get(a.dealer_id) as number) - (rank.get(b.dealer_id) as number));
  return [...named, ...stops.filter((stop) => !rank.has(stop.dealer_id))];
}

export type MoveRefusal = 'unknown' | 'first' | 'last';

/** The stop order after moving `dealerId` one place up or down, or why it cannot move. */
export function moveStopInOrder(
  orderedIds: readonly string[],
  dealerId: string,
  direction: 'up' | 'down',
): { ok: true; order: string[] } | { ok: false; reason: MoveRefusal } {
  const index = orderedIds.indexOf(dealerId);
  if (index < 0) return { ok: false, reason: 'unknown' };
  const target = direction === 'up' ? index - 1 : index + 1;
  if (target < 0) return { ok: false, reason: 'first' };
  if (target >= orderedIds.length) return { ok: false, reason: 'last' };
  const order = [...orderedIds];
  [order[index], order[target]] = [order[target] as string, order[index] as string];
  return { ok: true, order };
}

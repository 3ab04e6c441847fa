import type { RouteMode, RouteStop, Shipment, ShippingOrder, ShippingSettings } from '@portal/contracts';
import { ROUTE_MODE_LABELS } from '../../format/statusLabels';

/** The route orders one can choose (001 §4); `optimized` is set by Optimise only. */
export type ChosenRouteMode = Exclude<RouteMode, 'optimized'>;

export const ROUTE_MODE_OPTIONS: readonly { value: ChosenRouteMode; label: string }[] = (
  ['original', 'closest_first', 'closest_last', 'manual'] as const
).map((value) => ({ value, label: ROUTE_MODE_LABELS[value] }));

export const OPTIMIZED_LABEL = ROUTE_MODE_LABELS.optimized;

export function routeModeLabel(mode: RouteMode): string {
  return ROUTE_MODE_LABELS[mode] ?? mode;
}

export interface RouteLink {
  href: string;
  label: string;
}

/**
 * The Open in Google Maps links of a route: one link reads "Open in Google Maps"; a route split over several
 * (a link carries 10 stops) numbers them, "Open in Google Maps (part 2 of 3)", each starting where the one before
 * ended.
 */
export function routeLinks(links: readonly string[]): RouteLink[] {
  if (links.length === 1) return [{ href: links[0] as string, label: 'Open in Google Maps' }];
  return links.map((href, index) => ({ href, label: `Open in Google Maps (part ${index + 1} of ${links.length})` }));
}

/** Straight-line miles to one decimal ("12.3 mi"); a stop without coordinates has none ("—"). */
export function formatMiles(miles: number | null): string {
  if (miles === null || !Number.isFinite(miles)) return '—';
  return `${miles.toFixed(1)} mi`;
}

/** Minutes from departure, "45 min" or "2 h 05 min"; none without coordinates ("—"). */
export function formatEta(minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes)) return '—';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  return `${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, '0')} min`;
}

/** Whether a shipment's route may still change (mode, moves, locks, Optimise): not once it is COMPLETED. */
export function routeEditable(shipment: Pick<Shipment, 'status'>): boolean {
  return shipment.status !== 'COMPLETED';
}

/** What a COMPLETED shipment's card says under its route controls. */
export const ROUTE_FINAL = 'This shipment is completed: its route is kept as it was driven.';

/** Which way a stop may move: the first cannot go up, the last cannot go down. */
export function stopMoves(index: number, count: number): { up: boolean; down: boolean } {
  return { up: index > 0, down: index >= 0 && index < count - 1 };
}

/** The orders delivered at a stop, in the stop's order; ids the shipment does not hold are left out. */
export function stopOrders(shipment: Pick<Shipment, 'orders'>, stop: Pick<RouteStop, 'order_ids'>): ShippingOrder[] {
  const byId = new Map(shipment.orders.map((order) => [order.order_id, order]));
  return stop.order_ids.flatMap((id) => {
    const order = byId.get(id);
    return order ? [order] : [];
  });
}

/** A stop's name: the dealer's business, else its dealer id. */
export function stopName(stop: Pick<RouteStop, 'business_name' | 'dealer_id'>): string {
  return stop.business_name?.trim() || `Dealer ${stop.dealer_id}`;
}

/** How many items an order holds: the sum of its line quantities. */
export function itemCount(order: Pick<ShippingOrder, 'product_details'>): number {
  return order.product_details.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * What the miles and ETAs are measured from: the start point when one is set (the first leg runs from it),
 * otherwise the first stop; always straight-line, at the average speed plus the time spent at each stop.
 */
export function routeBasis(settings: ShippingSettings): string {
  const from = settings.start_coordinates
    ? `from ${settings.start_label?.trim() || 'the start point'}`
    : 'from the first stop (no start point is set)';
  return `Miles and ETAs are straight-line ${from}, at ${settings.average_speed_mph} mph with ${settings.service_minutes} min at each stop.`;
}

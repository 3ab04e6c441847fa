import type { AdminUser, ShipmentDriver, ShipmentSummary } from '@portal/contracts';
import { countOf } from '../../format/count';
import { deliveryProgress } from './deliveryActions';
import { formatMiles } from './routeDisplay';

/** Who drives a route, as a card says it: the driver's name, or "Unassigned". */
export function driverLabel(driver: ShipmentDriver | null): string {
  return driver ? driver.full_name.trim() || driver.email : 'Unassigned';
}

/** Where a route goes next: "Stop 2 · Prairie Blind Supply", or that every order is delivered. */
export function nextStopText(summary: Pick<ShipmentSummary, 'next_stop' | 'total_orders'>): string {
  const next = summary.next_stop;
  if (!next) return summary.total_orders > 0 ? 'Every order delivered' : 'No stops';
  return `Stop ${next.stop_number} · ${next.business_name?.trim() || next.full_address || 'No address on file'}`;
}

/** The line under a collapsed card's name: "Driver: Dana Driver · 2 stops · 812.4 mi". */
export function glanceText(summary: Pick<ShipmentSummary, 'driver' | 'delivery_stats' | 'total_miles'>): string {
  return [
    `Driver: ${driverLabel(summary.driver)}`,
    countOf(summary.delivery_stats.total_stops, 'stop', 'stops'),
    formatMiles(summary.total_miles),
  ].join(' · ');
}

/**
 * A collapsed card in one sentence (the expand button's description for a screen reader, and the unit tests' view
 * of a card): name, driver, stops, status, progress and next stop.
 */
export function cardSummaryText(summary: ShipmentSummary): string {
  const next = summary.next_stop ? `; next: ${nextStopText(summary)}` : '';
  return (
    `${summary.shipment_name}: ${glanceText(summary)}; ${summary.status}; ` +
    `${deliveryProgress(summary.delivery_stats, summary.total_orders)}${next}`
  );
}

/** The Driver filter's value: anyone (''), nobody yet ('none'), or a driver's email. */
export type DriverFilter = string;

/** The Driver filter's choices: Anyone, Unassigned, then each delivery user by name. */
export function driverFilterOptions(users: readonly Pick<AdminUser, 'email' | 'full_name'>[]) {
  return [{ value: '', label: 'Anyone' }, { value: 'none', label: 'Unassigned' }, ...driverOptions(users)];
}

/** The delivery users as the options of a select, by name (their email when two share one). */
export function driverOptions(users: readonly Pick<AdminUser, 'email' | 'full_name'>[]) {
  const names = new Map<string, number>();
  for (const user of users) names.set(user.full_name, (names.get(user.full_name) ?? 0) + 1);
  return [...users]
    .sort((a, b) => a.full_name.localeCompare(b.full_name) || a.email.localeCompare(b.email))
    .map((user) => {
      const name = user.full_name.trim();
      const shared = (names.get(user.full_name) ?? 0) > 1;
      return { value: user.email, label: !name ? user.email : shared ? `${name} (${user.email})` : name };
    });
}

/** The statuses My Routes asks for: the driver's open routes, and the completed ones only when asked. */
export function myRoutesStatus(showCompleted: boolean): string {
  return showCompleted ? 'completed' : 'ready,in_progress';
}

/** A value with the moment it was last seen to change (a counter, not a clock: only the order matters). */
export interface Stamped<T> {
  value: T;
  at: number;
}

/**
 * The newest of several copies of one thing (a card's summary from the list, its shipment read on expanding, the
 * answer of a change, the copy kept on the phone): whichever changed last is the newer word. Absent copies are
 * skipped; undefined when none is there.
 */
export function newestOf<T>(copies: readonly (Stamped<T | undefined> | null | undefined)[]): Stamped<T> | undefined {
  let newest: Stamped<T> | undefined;
  for (const copy of copies) {
    if (copy && copy.value !== undefined && (!newest || copy.at > newest.at)) newest = copy as Stamped<T>;
  }
  return newest;
}

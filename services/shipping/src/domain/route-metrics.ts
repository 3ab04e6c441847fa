import type { Coordinates } from '@portal/contracts';
import { greatCircleMiles } from './geo';

export interface MetricsSettings {
  /** where the route starts; null: at its first stop with coordinates */
  start: Coordinates | null;
  average_speed_mph: number;
  service_minutes: number;
}

export interface StopMetrics {
  leg_miles: number | null;
  eta_minutes: number | null;
}

/**
 * Per stop, in route order: the straight-line miles from the previous stop with coordinates (or the start
 * point), and the minutes from departure until arrival (driving at the average speed plus the service time of
 * every earlier stop). A stop without coordinates has neither; the next leg is measured from the last stop
 * that had them. Miles to 0.1, minutes whole; the total is the sum of the unrounded legs.
 */
export function routeMetrics(
  stops: readonly { coordinates: Coordinates | null }[],
  settings: MetricsSettings,
): { stops: StopMetrics[]; total_miles: number } {
  let position = settings.start;
  let miles = 0;
  let served = 0;
  const result: StopMetrics[] = [];
  for (const stop of stops) {
    if (!stop.coordinates) {
      result.push({ leg_miles: null, eta_minutes: null });
      served++;
      continue;
    }
    const leg = position ? greatCircleMiles(position, stop.coordinates) : 0;
    miles += leg;
    const minutes = (miles / settings.average_speed_mph) * 60 + served * settings.service_minutes;
    result.push({ leg_miles: Math.round(leg * 10) / 10, eta_minutes: Math.round(minutes) });
    position = stop.coordinates;
    served++;
  }
  return { stops: result, total_miles: Math.round(miles * 10) / 10 };
}

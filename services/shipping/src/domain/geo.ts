import type { Coordinates } from '@portal/contracts';

/** The default map centre (001 §9): the reference of the closest_first / closest_last route orders. */
export const DEFAULT_MAP_CENTRE: Coordinates = { lat: 39.8283, lng: -98.5795 };

/** Straight-line distance in degrees (001 §4: how "closest" is measured for the route order modes). */
export const degreeDistance = (a: Coordinates, b: Coordinates) => Math.hypot(a.lat - b.lat, a.lng - b.lng);

const EARTH_RADIUS_MILES = 3959;
const radians = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle miles (haversine, earth radius 3959 as the locator uses): the legs and totals of a route. */
export function greatCircleMiles(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

import { US_BOUNDS } from '@portal/contracts';

/** 001 §9: great-circle distance uses an earth radius of 3959 miles. */
export const EARTH_RADIUS_MILES = 3959;

export interface LatLng {
  lat: number;
  lng: number;
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in miles between two points. */
export function milesBetween(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as the Closest Dealers panel shows it: miles to one decimal ('12.3 mi'). */
export function formatMiles(miles: number): string {
  return `${(Math.round(miles * 10) / 10).toFixed(1)} mi`;
}

/** 001 §5: coordinates equal to 0 or not numbers are ignored (when fitting bounds and drawing). */
export function isUsableCoordinate(point: { lat: unknown; lng: unknown } | null | undefined): point is LatLng {
  if (!point) return false;
  const { lat, lng } = point;
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    lat !== 0 &&
    lng !== 0
  );
}

/** 001 §5: only points inside the US box (lat 24.5–49.5, lng −124.5–−66.5) are drawn on the admin map. */
export function insideUsBounds(point: LatLng): boolean {
  return (
    point.lat >= US_BOUNDS.minLat &&
    point.lat <= US_BOUNDS.maxLat &&
    point.lng >= US_BOUNDS.minLng &&
    point.lng <= US_BOUNDS.maxLng
  );
}

/** Where a map dealer is: its coordinates, else the Google fields, when usable. */
export function dealerPosition(dealer: {
  coordinates: LatLng | null;
  google_latitude?: number | null;
  google_longitude?: number | null;
}): LatLng | null {
  if (isUsableCoordinate(dealer.coordinates)) return dealer.coordinates;
  const fallback = { lat: dealer.google_latitude, lng: dealer.google_longitude };
  return isUsableCoordinate(fallback) ? fallback : null;
}

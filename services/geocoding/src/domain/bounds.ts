import { US_BOUNDS } from '@portal/contracts';

/** 001 §5: only dealers inside the US box (lat 24.5 to 49.5, lng -124.5 to -66.5) are drawn. */
export function insideUsBounds(lat: number, lng: number): boolean {
  return lat >= US_BOUNDS.minLat && lat <= US_BOUNDS.maxLat && lng >= US_BOUNDS.minLng && lng <= US_BOUNDS.maxLng;
}

/** 0/0 is what a failed geocoder often stores: never a real dealer. */
export const isZeroZero = (lat: number, lng: number) => lat === 0 && lng === 0;

/** Coordinates worth drawing or fitting: numbers, not 0, inside the US box. */
export function drawable(lat: number | null, lng: number | null): lat is number {
  return lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng) && insideUsBounds(lat, lng);
}

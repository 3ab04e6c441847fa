/** 001 §9: the closest dealers are ranked by great-circle distance in miles, earth radius 3959. */
export const EARTH_RADIUS_MILES = 3959;
export const CLOSEST_DEALERS = 5;
const KM_PER_MILE = 1.609344;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in miles between two points given in degrees. */
export function greatCircleMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A distance as the locator shows it: one decimal. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;

export const milesToKm = (miles: number) => miles * KM_PER_MILE;

import { publicCall } from '../../api/publicCall';
import type { LatLng } from './geo';
import {
  LOCATOR_MESSAGES,
  type LocatorFilters,
  outcomeOf,
  type SearchOutcome,
  type SearchWhere,
} from './locatorOutcome';

export * from './locatorOutcome';

/** Searches the 5 closest dealers to a typed place or a position (the public endpoint: no token). */
export async function searchDealers(where: SearchWhere, filters: LocatorFilters): Promise<SearchOutcome> {
  if (where.kind === 'place' && where.text.trim() === '') return { ok: false, message: LOCATOR_MESSAGES.emptySearch };
  const query: { query?: string; lat?: number; lng?: number; radius?: number; category?: string } =
    where.kind === 'place'
      ? { query: where.text.trim() }
      : { lat: Number(where.position.lat.toFixed(5)), lng: Number(where.position.lng.toFixed(5)) };
  if (filters.radius) query.radius = filters.radius;
  if (filters.category) query.category = filters.category;
  return outcomeOf(await publicCall('public.searchDealers', { query }));
}

/** The visitor's position for Near Me, or the spec's message when there is none. */
export function currentPosition(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
): Promise<{ ok: true; position: LatLng } | { ok: false; message: string }> {
  if (!geolocation) return Promise.resolve({ ok: false, message: LOCATOR_MESSAGES.geolocationUnsupported });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (found) => resolve({ ok: true, position: { lat: found.coords.latitude, lng: found.coords.longitude } }),
      () => resolve({ ok: false, message: LOCATOR_MESSAGES.geolocationDenied }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  });
}

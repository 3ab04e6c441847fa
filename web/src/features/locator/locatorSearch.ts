import type { MapDealer } from '@portal/contracts';
import type { ResponseOf } from '../../api/contractTypes';
import { publicCall } from '../../api/publicCall';
import { publicRoutes } from '../../api/publicRoutes';
import type { LatLng } from './geo';
import {
  LOCATOR_MESSAGES,
  type LocationsOutcome,
  type LocatorFilters,
  mapDealerOf,
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

/** The last list of every dealer and its ETag: asked again, the server answers 304 while it is current. */
let lastLocations: { etag: string; dealers: readonly MapDealer[] } | null = null;

/**
 * Every placed dealer, for the map before a search and on Show All (the public endpoint: no token). The list is
 * kept with its ETag and revalidated: an unchanged list answers 304 and the same array (nothing to draw again).
 */
export async function loadDealerLocations(): Promise<LocationsOutcome> {
  const route = publicRoutes['public.dealerLocations'];
  const kept = lastLocations;
  // fetch adds `Cache-Control: no-cache` to a request with If-None-Match (the server then ignores it) unless the
  // request sets its own
  const headers: Record<string, string> = kept ? { 'If-None-Match': kept.etag, 'Cache-Control': 'max-age=0' } : {};
  let response: Response;
  try {
    response = await fetch(route.path, { method: route.method, headers });
  } catch {
    return { ok: false, message: LOCATOR_MESSAGES.searchFailed };
  }
  if (response.status === 304 && kept) return { ok: true, dealers: kept.dealers };
  try {
    const body = (await response.json()) as ResponseOf<'public.dealerLocations'> & { detail?: string };
    if (!response.ok) return { ok: false, message: body.detail ?? LOCATOR_MESSAGES.searchFailed };
    const dealers = body.dealers.map(mapDealerOf);
    const etag = response.headers.get('ETag');
    lastLocations = etag ? { etag, dealers } : null;
    return { ok: true, dealers };
  } catch {
    return { ok: false, message: LOCATOR_MESSAGES.searchFailed };
  }
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

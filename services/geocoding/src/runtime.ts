import {
  type BuiltJson,
  createRateLimits,
  type RateLimit,
  type RateLimits,
  type ServiceContext,
} from '@portal/platform';
import type { GeocodingConfig } from './config';
import type { GeocodingContext } from './context';
import type { GeocodeResult, Geocoder } from './geocoders/geocoder';
import { GoogleGeocoder, googleCall } from './geocoders/google';
import { OfflineGeocoder } from './geocoders/offline';
import { loadStateShapes, type StateShapes } from './geocoders/state-shapes';
import { LocatorIndex } from './locator/locator-index';
import { Lru } from './locator/lru';
import { type GoogleRefinement, startGoogleRefinement } from './use-cases/google-refinement';

/**
 * What one running geocoding service keeps: its geocoders, the state shapes, the locator index and the public
 * search's caches in memory, and its limits per client address in PostgreSQL (geocoding's rate_limits table, one
 * count for every replica). The service's dependencies (`ctx.deps`), built once the database is
 * migrated, before the first event or request.
 */
export interface GeocodingRuntime {
  offline: OfflineGeocoder;
  /** Google when GOOGLE_MAPS_API_KEY is set (falling back to offline), else the offline geocoder */
  best: Geocoder;
  shapes: StateShapes;
  locator: LocatorIndex;
  /** the rate_limits table the limits below count in (its sweep is stopped by stopRuntime) */
  rateLimits: RateLimits;
  /** the public searches of each client address, per minute */
  searchesPerAddress: RateLimit;
  /** the searches of each client address that had to geocode a place not in the cache, per minute */
  placeLookupsPerAddress: RateLimit;
  /** a searched text → the place it was understood as (places do not move: no version) */
  places: Lru<string, GeocodeResult>;
  /** a search → its answer, valid for one locator version */
  answers: Lru<string, { version: number; body: unknown }>;
  /** the loads of every dealer's location by each client address, per minute */
  locationListsPerAddress: RateLimit;
  /** every dealer's location, built for one locator version (null until first asked) */
  locations: { version: number; answer: BuiltJson } | null;
  /** the background placement by Google of dealers placed offline from events (only with Google configured) */
  refinement?: GoogleRefinement;
}

export async function startRuntime(ctx: ServiceContext<GeocodingConfig>): Promise<GeocodingRuntime> {
  const offline = new OfflineGeocoder();
  const key = ctx.config.GOOGLE_MAPS_API_KEY;
  const best: Geocoder = key
    ? new GoogleGeocoder({
        call: googleCall(key, { url: ctx.config.GOOGLE_GEOCODE_URL }),
        fallback: offline,
        pauseMs: ctx.config.GOOGLE_GEOCODE_PAUSE_MS,
        logger: ctx.logger,
      })
    : offline;
  const rateLimits = createRateLimits(ctx.db);
  // the detail is the use case's (tooMany): it names what was refused and the seconds left
  const perMinute = (name: string, points: number) => rateLimits.limit({ name, points, windowSeconds: 60, detail: '' });
  const runtime: GeocodingRuntime = {
    offline,
    best,
    shapes: await loadStateShapes(),
    locator: await LocatorIndex.create(ctx.db),
    rateLimits,
    searchesPerAddress: perMinute('locator-searches', ctx.config.LOCATOR_SEARCHES_PER_MINUTE),
    placeLookupsPerAddress: perMinute('locator-place-lookups', ctx.config.LOCATOR_LOOKUPS_PER_MINUTE),
    places: new Lru(10_000),
    answers: new Lru(5_000),
    locationListsPerAddress: perMinute('locator-location-lists', ctx.config.LOCATOR_LISTS_PER_MINUTE),
    locations: null,
  };
  if (best !== offline) runtime.refinement = startGoogleRefinement(ctx, runtime);
  ctx.logger.info({ geocoder: best.source, states: runtime.shapes.states }, 'geocoders ready');
  return runtime;
}

/** Stops the background work of the service's runtime (the Google refinement), letting the dealer under way finish. */
export async function stopRuntime(ctx: GeocodingContext): Promise<void> {
  await ctx.deps.refinement?.stop();
  ctx.deps.rateLimits.stop();
}

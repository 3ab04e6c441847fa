import { type AttemptLimiter, type BuiltJson, createAttemptLimiter } from '@portal/platform';
import type { DataSource } from 'typeorm';
import type { GeocodingContext } from './context';
import type { GeocodeResult, Geocoder } from './geocoders/geocoder';
import { GoogleGeocoder, googleCall } from './geocoders/google';
import { OfflineGeocoder } from './geocoders/offline';
import { loadStateShapes, type StateShapes } from './geocoders/state-shapes';
import { LocatorIndex } from './locator/locator-index';
import { Lru } from './locator/lru';
import { type GoogleRefinement, startGoogleRefinement } from './use-cases/google-refinement';

/**
 * What one running geocoding service keeps in memory: its geocoders, the state shapes, the locator index, the
 * public search's caches and limiters. Built once the database is migrated (onStart), found again by the
 * service's DataSource (handlers and consumers get copies of the context, never the same object).
 */
export interface GeocodingRuntime {
  offline: OfflineGeocoder;
  /** Google when GOOGLE_MAPS_API_KEY is set (falling back to offline), else the offline geocoder */
  best: Geocoder;
  shapes: StateShapes;
  locator: LocatorIndex;
  /** searches per client per minute */
  searches: AttemptLimiter;
  /** searches per client per minute that had to geocode a place not in the cache */
  lookups: AttemptLimiter;
  /** a searched text → the place it was understood as (places do not move: no version) */
  places: Lru<string, GeocodeResult>;
  /** a search → its answer, valid for one locator version */
  answers: Lru<string, { version: number; body: unknown }>;
  /** loads of every dealer's location per client per minute */
  lists: AttemptLimiter;
  /** every dealer's location, built for one locator version (null until first asked) */
  locations: { version: number; answer: BuiltJson } | null;
  /** the background placement by Google of dealers placed offline from events (only with Google configured) */
  refinement?: GoogleRefinement;
}

const runtimes = new WeakMap<DataSource, GeocodingRuntime>();
const MINUTE = 60_000;

export async function startRuntime(ctx: GeocodingContext): Promise<GeocodingRuntime> {
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
  const limiter = (perMinute: number) =>
    createAttemptLimiter({
      freeFailures: Number.POSITIVE_INFINITY,
      baseDelayMs: 0,
      maxDelayMs: 0,
      ceiling: { failures: perMinute, windowMs: MINUTE },
      forgetAfterMs: MINUTE,
    });
  const runtime: GeocodingRuntime = {
    offline,
    best,
    shapes: await loadStateShapes(),
    locator: await LocatorIndex.create(ctx.db),
    searches: limiter(ctx.config.LOCATOR_SEARCHES_PER_MINUTE),
    lookups: limiter(ctx.config.LOCATOR_LOOKUPS_PER_MINUTE),
    places: new Lru(10_000),
    answers: new Lru(5_000),
    lists: limiter(ctx.config.LOCATOR_LISTS_PER_MINUTE),
    locations: null,
  };
  runtimes.set(ctx.db, runtime);
  if (best !== offline) runtime.refinement = startGoogleRefinement(ctx, runtime);
  ctx.logger.info({ geocoder: best.source, states: runtime.shapes.states }, 'geocoders ready');
  return runtime;
}

/** Stops the background work of the service's runtime (the Google refinement), letting the dealer under way finish. */
export async function stopRuntime(ctx: { db: DataSource }): Promise<void> {
  await runtimes.get(ctx.db)?.refinement?.stop();
}

export function runtimeOf(ctx: { db: DataSource }): GeocodingRuntime {
  const runtime = runtimes.get(ctx.db);
  if (!runtime) throw new Error('the geocoding runtime is not started');
  return runtime;
}

import { type Coordinates, type Endpoints, type LocatedDealer, type ResponseOf, succeeded } from '@portal/contracts';
import { tooManyRequests } from '@portal/platform';
import type { GeocodingContext } from '../context';
import { CLOSEST_DEALERS } from '../domain/distance';
import type { GeocodeResult } from '../geocoders/geocoder';
import { locationNotFound } from './address-tools';

export const NO_DEALERS_NEARBY = 'No dealers found nearby';

export type LocatorAnswer = ResponseOf<Endpoints['public.searchDealers']>;

export interface SearchInput {
  query?: string;
  lat?: number;
  lng?: number;
  radius?: number;
  category?: string;
}

/** 429 'Too many searches. Please try again in N seconds.' (or another noun for another locator request). */
export const tooMany = (ms: number, what = 'searches') => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return tooManyRequests(`Too many ${what}. Please try again in ${seconds} seconds.`, seconds);
};

/**
 * The public locator: the 5 dealers closest to a place (an address, city or ZIP, geocoded with the geocoder in
 * use) or a position (Near Me), by great-circle miles. Each client (address) may search
 * LOCATOR_SEARCHES_PER_MINUTE times a minute, and geocode LOCATOR_LOOKUPS_PER_MINUTE places it has not asked
 * before. Places are cached (they do not move); answers are cached for one locator version (a change to any
 * dealer makes a new one).
 */
export async function locateDealers(ctx: GeocodingContext, input: SearchInput, client: string): Promise<LocatorAnswer> {
  const runtime = ctx.deps;
  const searches = await runtime.searchesPerAddress.take(client);
  if (!searches.allowed) throw tooMany(searches.msBeforeReset);

  let center: Coordinates;
  let matched: string | null = null;
  if (input.lat !== undefined && input.lng !== undefined && !input.query) {
    center = { lat: input.lat, lng: input.lng };
  } else {
    const text = (input.query ?? '').trim().replace(/\s+/g, ' ');
    const key = text.toLowerCase();
    let place: GeocodeResult | undefined = runtime.places.get(key);
    if (!place) {
      const lookups = await runtime.placeLookupsPerAddress.take(client);
      if (!lookups.allowed) throw tooMany(lookups.msBeforeReset);
      place = await runtime.best.geocodeText(text);
      runtime.places.set(key, place);
    }
    if (!place.ok) throw locationNotFound(place.error);
    center = { lat: place.answer.lat, lng: place.answer.lng };
    matched = place.answer.matched_address;
  }

  const version = await runtime.locator.fresh();
  const cacheKey = `${center.lat},${center.lng}|${input.radius ?? ''}|${input.category ?? ''}`;
  const cached = runtime.answers.get(cacheKey);
  let found: { dealers: LocatedDealer[]; nearest: LocatedDealer | null };
  if (cached && cached.version === version) found = cached.body as typeof found;
  else {
    found = runtime.locator.nearest(center.lat, center.lng, {
      limit: CLOSEST_DEALERS,
      radiusMiles: input.radius,
      category: input.category,
    });
    runtime.answers.set(cacheKey, { version, body: found });
  }
  return succeeded({
    ...(found.dealers.length ? {} : { message: NO_DEALERS_NEARBY }),
    center,
    matched_address: matched,
    dealers: found.dealers,
    nearest: found.nearest,
  });
}

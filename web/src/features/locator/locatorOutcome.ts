import type { LocatedDealer, MapDealer } from '@portal/contracts';
import type { ResponseOf } from '../../api/contractTypes';
import { errorDetail, isNetworkError } from '../../api/errorMessage';
import type { PublicCallResult } from '../../api/publicCall';
import type { LatLng } from './geo';

/** 001 §8: the locator's messages. */
export const LOCATOR_MESSAGES = {
  emptySearch: 'Please enter a location to search',
  notFoundFallback: 'Please try a different location',
  searchFailed: 'Search failed. Please check your connection and try again.',
  geolocationDenied: 'Unable to get your location. Please ensure location services are enabled.',
  geolocationUnsupported: 'Geolocation is not supported by this browser.',
  noneNearby: 'No dealers found nearby',
} as const;

/** 001 §9: the Closest Dealers panel lists 5. */
export const CLOSEST_DEALERS = 5;

export interface LocatorFilters {
  /** miles; undefined: any distance */
  radius?: number;
  /** a map category id; undefined: every category */
  category?: string;
}

export type SearchWhere = { kind: 'place'; text: string } | { kind: 'position'; position: LatLng };

export interface SearchAnswer {
  center: LatLng;
  matchedAddress: string | null;
  dealers: LocatedDealer[];
  /** with a radius and nobody inside it: the nearest dealer */
  nearest: LocatedDealer | null;
}

export type SearchOutcome = { ok: true; answer: SearchAnswer } | { ok: false; message: string };

/** 'Location not found: ' plus the server's reason, or 'Please try a different location'. */
export function notFoundMessage(detail: string | undefined): string {
  const reason = detail?.replace(/^location not found:\s*/i, '').trim();
  return `Location not found: ${reason || LOCATOR_MESSAGES.notFoundFallback}`;
}

/** What the public search answered, as the locator shows it. */
export function outcomeOf(result: PublicCallResult<ResponseOf<'public.searchDealers'>>): SearchOutcome {
  if (result.data) {
    const { center, matched_address, dealers, nearest } = result.data;
    return {
      ok: true,
      answer: { center, matchedAddress: matched_address, dealers: dealers.slice(0, CLOSEST_DEALERS), nearest },
    };
  }
  const error = result.error;
  if (isNetworkError(error) || error.status === 'PARSING_ERROR')
    return { ok: false, message: LOCATOR_MESSAGES.searchFailed };
  const detail = errorDetail(error);
  if (error.status === 404) return { ok: false, message: notFoundMessage(detail) };
  if (typeof error.status === 'number' && error.status >= 500)
    return { ok: false, message: LOCATOR_MESSAGES.searchFailed };
  return { ok: false, message: detail || LOCATOR_MESSAGES.searchFailed };
}

/** The radius choices of the filter (beyond the spec), in miles. */
export const RADIUS_CHOICES = [10, 25, 50, 100, 250, 500] as const;

/** A dealer of the public list of every placed dealer (GET /api/public/dealer-locations). */
export type DealerLocation = ResponseOf<'public.dealerLocations'>['dealers'][number];

/** A listed dealer as the map and its popup take it: what a visitor is not shown stays empty. */
export function mapDealerOf(location: DealerLocation): MapDealer {
  return {
    ...location,
    full_name: null,
    street_address: location.address,
    google_latitude: null,
    google_longitude: null,
    geocoding_status: null,
    geocoding_error: null,
    geocoding_source: null,
    geocoding_confidence: null,
  };
}

export type LocationsOutcome = { ok: true; dealers: readonly MapDealer[] } | { ok: false; message: string };

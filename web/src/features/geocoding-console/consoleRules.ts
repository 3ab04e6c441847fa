import type { BatchProgress, HealthBand, MapDealer, RepairStrategy } from '@portal/contracts';
import { countOf } from '../../format/count';

/** 001 §4: health bands: 95+ Excellent (green), 85–94 Good (amber), 70–84 Fair, below 70 Needs Attention (red). */
export function healthBandOf(percentage: number): { band: HealthBand; tone: 'green' | 'amber' | 'orange' | 'red' } {
  if (percentage >= 95) return { band: 'Excellent', tone: 'green' };
  if (percentage >= 85) return { band: 'Good', tone: 'amber' };
  if (percentage >= 70) return { band: 'Fair', tone: 'orange' };
  return { band: 'Needs Attention', tone: 'red' };
}

/** 001 §9: stale after 24 hours. */
export const STALE_AFTER_HOURS = 24;

/** The age of the last diagnosis: in hours below 24, otherwise in days; 'Never' without one. */
export function diagnosisAgeText(hours: number | null): string {
  if (hours === null) return 'Never';
  if (hours < 1) return 'Less than an hour ago';
  if (hours < STALE_AFTER_HOURS) {
    const whole = Math.floor(hours);
    return `${whole} hour${whole === 1 ? '' : 's'} ago`;
  }
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

export function isDiagnosisStale(hours: number | null): boolean {
  return hours === null || hours > STALE_AFTER_HOURS;
}

/** 001 §9: the first two strategies are preselected; single repairs send the first three. */
export const PRESELECTED_STRATEGIES: RepairStrategy[] = ['enhanced_geocoding', 'address_normalization'];
export const SINGLE_REPAIR_STRATEGIES: RepairStrategy[] = [
  'enhanced_geocoding',
  'address_normalization',
  'partial_address_geocoding',
];
export const STRATEGY_LABELS: Record<RepairStrategy, { label: string; description: string }> = {
  enhanced_geocoding: { label: 'Enhanced geocoding', description: 'The address as stored, to the best geocoder.' },
  address_normalization: {
    label: 'Address normalization',
    description: 'Clean the address first (state names, ZIP+4, street types), then geocode it.',
  },
  partial_address_geocoding: {
    label: 'Partial address geocoding',
    description: "Drop the street: the ZIP's centre, else the city's.",
  },
  nearby_location_search: {
    label: 'Nearby location search',
    description: 'The closest known place when the city or ZIP is not known as typed.',
  },
};

/** 001 §9: only the first 10 problem dealers are listed in Repair Tools. */
export const PROBLEM_DEALERS_LISTED = 10;

/** The progress bar of a bulk repair, from the server's batch. */
export function batchPercent(batch: Pick<BatchProgress, 'processed' | 'total' | 'state'>): number {
  if (batch.state === 'complete') return 100;
  if (batch.total <= 0) return 0;
  return Math.min(100, Math.round((batch.processed / batch.total) * 100));
}

export function batchLabel(batch: BatchProgress): string {
  if (batch.state === 'idle') return 'No bulk repair has run yet';
  if (batch.state === 'running')
    return `Repairing: ${batch.processed} of ${countOf(batch.total, 'dealer', 'dealers')} processed`;
  return `Complete: ${batch.successful} of ${countOf(batch.total, 'dealer', 'dealers')} repaired`;
}

/** 001 §8 message after a bulk repair. */
export function bulkRepairMessage(successful: number, total: number): string {
  return `Bulk repair completed! ${successful}/${total} dealers repaired successfully.`;
}

/** 001 §2: the status badge of a dealer: Error, Ready (has coordinates) or Needs Geocoding. */
export type GeocodingBadge = 'Error' | 'Ready' | 'Needs Geocoding';
export function geocodingBadge(dealer: Pick<MapDealer, 'geocoding_status' | 'coordinates'>): GeocodingBadge {
  if (dealer.geocoding_status === 'error') return 'Error';
  if (dealer.coordinates && !(dealer.coordinates.lat === 0 && dealer.coordinates.lng === 0)) return 'Ready';
  return 'Needs Geocoding';
}

/** 001 §5: the Manual Override search: 2+ characters, business name, dealer id or city, at most 10. */
export const OVERRIDE_SEARCH_MIN = 2;
export const OVERRIDE_SEARCH_LIMIT = 10;
export function overrideSearch<T extends Pick<MapDealer, 'business_name' | 'dealer_id' | 'city'>>(
  dealers: readonly T[],
  text: string,
): T[] {
  const needle = text.trim().toLowerCase();
  if (needle.length < OVERRIDE_SEARCH_MIN) return [];
  const found: T[] = [];
  for (const dealer of dealers) {
    const haystacks = [dealer.business_name, dealer.dealer_id, dealer.city];
    if (haystacks.some((value) => value?.toLowerCase().includes(needle))) found.push(dealer);
    if (found.length === OVERRIDE_SEARCH_LIMIT) break;
  }
  return found;
}

/** 001 §9: the Address Tester keeps the last 5 tests, newest first; testing an address again moves it up. */
export const ADDRESS_TEST_HISTORY = 5;
export interface TestedAddress {
  address: string;
  city: string;
  state: string;
  zip_code: string;
}
export interface AddressTestEntry<R> {
  input: TestedAddress;
  result: R;
  at: string;
}
const sameAddress = (a: TestedAddress, b: TestedAddress) =>
  (['address', 'city', 'state', 'zip_code'] as const).every(
    (key) => a[key].trim().toLowerCase() === b[key].trim().toLowerCase(),
  );
export function rememberTest<R>(
  history: readonly AddressTestEntry<R>[],
  entry: AddressTestEntry<R>,
): AddressTestEntry<R>[] {
  return [entry, ...history.filter((old) => !sameAddress(old.input, entry.input))].slice(0, ADDRESS_TEST_HISTORY);
}

/** 001 §5 manual override: the button is disabled while either coordinate is empty. */
export function overrideReady(dealerId: string | null, lat: string, lng: string): boolean {
  return Boolean(dealerId) && lat.trim() !== '' && lng.trim() !== '';
}

/** Helper links of the Manual Override: the address on a maps service and on an open map. */
export function mapLinks(place: string): { maps: string; openMap: string } {
  const query = encodeURIComponent(place);
  return {
    maps: `https://www.google.com/maps/search/?api=1&query=${query}`,
    openMap: `https://www.openstreetmap.org/search?query=${query}`,
  };
}

/** A dealer's coordinates as the console prints them: 5 decimals (about a metre). */
export function formatCoordinates(at: { lat: number; lng: number }): string {
  return `${at.lat.toFixed(5)}, ${at.lng.toFixed(5)}`;
}

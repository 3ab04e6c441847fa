import type { Diagnosis, GeocodeConfidence } from '@portal/contracts';
import { addressKey, hasAddress, type PostalAddress } from './address';
import { insideUsBounds, isZeroZero } from './bounds';

export type Health = 'healthy' | 'missing' | 'error' | 'suspicious';
export type Severity = 'high' | 'medium' | 'low';
type Suggestion = Diagnosis['repair_suggestions'][number];

/** What the rules look at of one dealer. */
export interface GeoDealer extends PostalAddress {
  dealer_id: string;
  business_name: string | null;
  lat: number | null;
  lng: number | null;
  geocoding_status: string | null;
  geocoding_error: string | null;
  geocode_confidence: GeocodeConfidence | null;
}

/**
 * Whether a point lies inside a state's shape: true or false, or null when the state is not known (no shape to
 * check against). Supplied by the caller (d3-geo over us-atlas), so these rules stay pure.
 */
export type StateCheck = (state: string, lat: number, lng: number) => boolean | null;

export interface Classified {
  health: Health;
  issues: string[];
  severity: Severity;
}

export const ISSUES = {
  noAddress: 'No address to geocode',
  noCoordinates: 'No coordinates',
  zeroZero: 'Coordinates are 0/0',
  outsideUs: 'Outside the US bounds',
  outsideState: (state: string) => `Outside its state (${state})`,
  failed: (error: string | null) => `Geocoding failed: ${error ?? 'unknown error'}`,
  sharedPoint: (others: number) =>
    `Shares one point with ${others} other dealer${others === 1 ? '' : 's'} at other addresses`,
} as const;

/** The rules for one dealer alone (shared points need the others: see findSharedPoints). */
export function classifyDealer(dealer: GeoDealer, insideState: StateCheck): Classified {
  if (dealer.geocoding_status === 'error')
    return { health: 'error', issues: [ISSUES.failed(dealer.geocoding_error)], severity: 'high' };
  if (dealer.lat === null || dealer.lng === null) {
    return hasAddress(dealer)
      ? { health: 'missing', issues: [ISSUES.noCoordinates], severity: 'high' }
      : { health: 'missing', issues: [ISSUES.noAddress, ISSUES.noCoordinates], severity: 'low' };
  }
  const { lat, lng } = dealer;
  if (isZeroZero(lat, lng)) return { health: 'suspicious', issues: [ISSUES.zeroZero], severity: 'high' };
  if (!insideUsBounds(lat, lng)) return { health: 'suspicious', issues: [ISSUES.outsideUs], severity: 'high' };
  const state = (dealer.state ?? '').trim().toUpperCase();
  if (state && insideState(state, lat, lng) === false)
    return { health: 'suspicious', issues: [ISSUES.outsideState(state)], severity: 'medium' };
  return { health: 'healthy', issues: [], severity: 'low' };
}

/** Dealers on one point from this many on are looked at together. */
export const SHARED_POINT_MIN = 3;
const CENTROIDS: readonly (GeocodeConfidence | null)[] = ['zip_centroid', 'city_centroid'];
/** the place of every dealer placed on a centroid (an address key always holds '|') */
const CENTROID_PLACE = 'centroid';

/**
 * Many dealers on one point, at different places: a geocoder that fell back to one spot. Dealers placed on a
 * ZIP or city centroid share it rightly — with every dealer of that ZIP or city, and with the dealers of other
 * ZIPs the postal data puts on the very same point (a city's PO-box ZIPs often share one centroid: 35 ZIPs of
 * Washington, DC do) — so together they are one place, the centroid; for the others the place is the whole
 * address. A point of SHARED_POINT_MIN or more dealers at two or more different places is suspicious. Answers
 * the dealer ids with how many others share their point.
 */
export function findSharedPoints(dealers: readonly GeoDealer[]): Map<string, number> {
  const groups = new Map<string, GeoDealer[]>();
  for (const d of dealers) {
    if (d.lat === null || d.lng === null) continue;
    const key = `${d.lat.toFixed(5)},${d.lng.toFixed(5)}`;
    const group = groups.get(key);
    if (group) group.push(d);
    else groups.set(key, [d]);
  }
  const shared = new Map<string, number>();
  for (const group of groups.values()) {
    if (group.length < SHARED_POINT_MIN) continue;
    const places = new Set(
      group.map((d) => (CENTROIDS.includes(d.geocode_confidence) ? CENTROID_PLACE : addressKey(d))),
    );
    if (places.size > 1) for (const d of group) shared.set(d.dealer_id, group.length - 1);
  }
  return shared;
}

export interface DiagnosedDealer extends GeoDealer, Classified {}

/** A dealer with its classification (built field by field: a diagnosis makes tens of thousands). */
function withHealth(d: GeoDealer, health: Health, issues: string[], severity: Severity): DiagnosedDealer {
  return {
    dealer_id: d.dealer_id,
    business_name: d.business_name,
    address: d.address,
    city: d.city,
    state: d.state,
    zip_code: d.zip_code,
    lat: d.lat,
    lng: d.lng,
    geocoding_status: d.geocoding_status,
    geocoding_error: d.geocoding_error,
    geocode_confidence: d.geocode_confidence,
    health,
    issues,
    severity,
  };
}

/** Every dealer classified, shared points included. */
export function diagnoseDealers(dealers: readonly GeoDealer[], insideState: StateCheck): DiagnosedDealer[] {
  const shared = findSharedPoints(dealers);
  return dealers.map((dealer) => {
    const own = classifyDealer(dealer, insideState);
    const others = shared.get(dealer.dealer_id);
    if (others === undefined || own.health === 'error' || own.health === 'missing')
      return withHealth(dealer, own.health, own.issues, own.severity);
    return withHealth(
      dealer,
      'suspicious',
      [...own.issues, ISSUES.sharedPoint(others)],
      own.health === 'suspicious' ? own.severity : 'low',
    );
  });
}

const PRIORITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/** Prioritised repair suggestions: what to fix first, with the dealers each applies to. */
export function repairSuggestions(diagnosed: readonly DiagnosedDealer[]): Suggestion[] {
  const ids = (pick: (d: DiagnosedDealer) => boolean) => diagnosed.filter(pick).map((d) => d.dealer_id);
  const has = (d: DiagnosedDealer, issue: string) => d.issues.includes(issue);
  const candidates: Suggestion[] = [
    {
      title: 'Repair dealers whose geocoding failed',
      description:
        'Run a repair with address normalization and partial address geocoding: the full address did not geocode.',
      priority: 'high',
      dealer_ids: ids((d) => d.health === 'error'),
    },
    {
      title: 'Geocode dealers without coordinates',
      description: 'These dealers have an address but no coordinates: they are missing from the map and the locator.',
      priority: 'high',
      dealer_ids: ids((d) => d.health === 'missing' && hasAddress(d)),
    },
    {
      title: 'Re-geocode dealers outside the US',
      description: 'Coordinates at 0/0 or outside the US bounds are never drawn: re-geocode them or fix them by hand.',
      priority: 'high',
      dealer_ids: ids((d) => has(d, ISSUES.zeroZero) || has(d, ISSUES.outsideUs)),
    },
    {
      title: 'Check dealers placed outside their state',
      description: 'The point is not inside the state of the address: the ZIP or the state is probably wrong.',
      priority: 'medium',
      dealer_ids: ids((d) => d.issues.some((issue) => issue.startsWith('Outside its state'))),
    },
    {
      title: 'Check dealers sharing one point',
      description: 'Several dealers at different addresses sit on one point: a geocoder fell back to one spot.',
      priority: 'low',
      dealer_ids: ids((d) => d.issues.some((issue) => issue.startsWith('Shares one point'))),
    },
    {
      title: 'Add addresses to dealers',
      description: 'Dealers with no address cannot be geocoded: add their address in Manage Dealers.',
      priority: 'low',
      dealer_ids: ids((d) => has(d, ISSUES.noAddress)),
    },
  ];
  return candidates
    .filter((s) => s.dealer_ids.length > 0)
    .sort((a, b) => PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority]);
}

export interface HealthCounts {
  healthy_count: number;
  missing_count: number;
  error_count: number;
  suspicious_count: number;
}

export function countHealth(diagnosed: readonly { health: Health }[]): HealthCounts {
  const counts = { healthy_count: 0, missing_count: 0, error_count: 0, suspicious_count: 0 };
  for (const d of diagnosed) counts[`${d.health}_count`] += 1;
  return counts;
}

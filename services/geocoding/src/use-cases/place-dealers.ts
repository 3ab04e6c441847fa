import { DealerGeocoded, type GeocodeAnswer, type RepairStrategy } from '@portal/contracts';
import { type Emit, recordAudits } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { type GeocodeWrite, saveGeocodes } from '../data/dealers';
import { type HistoryRecord, recordHistory } from '../data/history';
import { nextLocatorVersion } from '../data/locator-version';
import { addressKey, hasAddress } from '../domain/address';
import { classifyDealer, type GeoDealer } from '../domain/diagnosis';
import { type Attempt, acceptable, repairAttempts } from '../domain/strategies';
import type { GeocodeResult } from '../geocoders/geocoder';
import type { OfflineGeocoder } from '../geocoders/offline';
import type { GeocodingRuntime } from '../runtime';

export type Placement =
  | { ok: true; answer: GeocodeAnswer; strategy: RepairStrategy | null }
  | { ok: false; error: string };

/** Runs one attempt offline (synchronously). */
function runOffline(offline: OfflineGeocoder, attempt: Attempt): GeocodeResult {
  switch (attempt.mode) {
    case 'full':
      return offline.address(attempt.input);
    case 'zip':
      return offline.zip(attempt.input);
    case 'city':
      return offline.city(attempt.input);
    case 'nearby':
      return offline.nearby(attempt.input);
  }
}

const notInState = (answer: GeocodeAnswer, dealer: GeoDealer) =>
  `The place found (${answer.matched_address ?? 'unnamed'}) is not in ${dealer.state ?? 'the US'}`;

/**
 * The first acceptable answer of the attempts, asked offline (see domain/strategies: acceptable), or the last
 * reason why not. Synchronous: a bulk repair places thousands of dealers a second.
 */
export function placeOffline(runtime: GeocodingRuntime, dealer: GeoDealer, attempts: readonly Attempt[]): Placement {
  if (!hasAddress(dealer)) return { ok: false, error: 'No address to geocode' };
  let error = 'Address not found';
  for (const attempt of attempts) {
    const result = runOffline(runtime.offline, attempt);
    if (!result.ok) {
      error = result.error;
      continue;
    }
    if (acceptable(result.answer, dealer.state, runtime.shapes.contains))
      return { ok: true, answer: result.answer, strategy: attempt.strategy };
    error = notInState(result.answer, dealer);
  }
  return { ok: false, error };
}

/**
 * The first acceptable answer of the attempts, or the last reason why not. With `useBest` a 'full' attempt asks
 * the best geocoder (Google when configured); otherwise, and whenever the best one is the offline geocoder, every
 * attempt is answered offline at once.
 */
export async function place(
  runtime: GeocodingRuntime,
  dealer: GeoDealer,
  attempts: readonly Attempt[],
  useBest: boolean,
): Promise<Placement> {
  if (!useBest || runtime.best === runtime.offline) return placeOffline(runtime, dealer, attempts);
  if (!hasAddress(dealer)) return { ok: false, error: 'No address to geocode' };
  let error = 'Address not found';
  for (const attempt of attempts) {
    const result =
      attempt.mode === 'full' ? await runtime.best.geocodeAddress(attempt.input) : runOffline(runtime.offline, attempt);
    if (!result.ok) {
      error = result.error;
      continue;
    }
    if (acceptable(result.answer, dealer.state, runtime.shapes.contains)) {
      return { ok: true, answer: result.answer, strategy: attempt.strategy };
    }
    error = notInState(result.answer, dealer);
  }
  return { ok: false, error };
}

/** Repairs many dealers offline with the chosen strategies, synchronously. */
export function repairOffline(
  runtime: GeocodingRuntime,
  dealers: readonly GeoDealer[],
  strategies: readonly RepairStrategy[],
): Placement[] {
  return dealers.map((dealer) => placeOffline(runtime, dealer, repairAttempts(strategies, dealer)));
}

/** How a dealer is geocoded when it is created or its address changes: the whole address, offline. */
export const EVENT_ATTEMPTS = (dealer: GeoDealer): Attempt[] => [
  { strategy: 'enhanced_geocoding', mode: 'full', input: dealer },
];

export const repairPlan = (strategies: readonly RepairStrategy[], dealer: GeoDealer) =>
  repairAttempts(strategies, dealer);

export interface PlacedDealer {
  dealer: GeoDealer;
  placement: Placement;
}

/**
 * Stores placements (many at once), their history and health, and announces each as dealer.geocoded. A failed
 * repair leaves the coordinates a dealer had (only its status says the repair failed); a failed geocode of a
 * new address clears them (they belonged to the old address).
 */
export async function storePlacements(
  manager: EntityManager,
  emit: Emit,
  runtime: GeocodingRuntime,
  placed: readonly PlacedDealer[],
  how: { action: 'geocode' | 'repair'; actor: string; newAddress: boolean },
): Promise<void> {
  if (!placed.length) return;
  const version = await nextLocatorVersion(manager);
  const writes: GeocodeWrite[] = [];
  const history: HistoryRecord[] = [];
  const announce: {
    aggregateId: string;
    payload: {
      dealer_id: string;
      lat: number | null;
      lng: number | null;
      status: 'ok' | 'error';
      error: string | null;
    };
  }[] = [];
  for (const { dealer, placement } of placed) {
    const key = how.newAddress ? addressKey(dealer) : undefined;
    const noAddress = !hasAddress(dealer);
    const keepOld = !placement.ok && !how.newAddress;
    const lat = placement.ok ? placement.answer.lat : keepOld ? dealer.lat : null;
    const lng = placement.ok ? placement.answer.lng : keepOld ? dealer.lng : null;
    const status = placement.ok ? 'ok' : noAddress ? null : 'error';
    const error = placement.ok || noAddress ? null : placement.error;
    const confidence = placement.ok ? placement.answer.confidence : keepOld ? dealer.geocode_confidence : null;
    const health = classifyDealer(
      { ...dealer, lat, lng, geocoding_status: status, geocoding_error: error, geocode_confidence: confidence },
      runtime.shapes.contains,
    );
    writes.push({
      dealer_id: dealer.dealer_id,
      lat,
      lng,
      status,
      error,
      source: placement.ok ? placement.answer.source : null,
      confidence,
      matched_address: placement.ok ? placement.answer.matched_address : null,
      address_key: key,
      health: health.health,
      issues: health.issues,
    });
    if (noAddress && !how.newAddress) continue;
    if (noAddress && dealer.lat === null) continue; // nothing to geocode and nothing changed
    history.push({
      dealer_id: dealer.dealer_id,
      action: how.action,
      actor: how.actor,
      status: placement.ok ? 'ok' : 'error',
      from_lat: dealer.lat,
      from_lng: dealer.lng,
      lat,
      lng,
      source: placement.ok ? placement.answer.source : null,
      confidence: placement.ok ? placement.answer.confidence : null,
      strategy: placement.ok && how.action === 'repair' ? placement.strategy : null,
      matched_address: placement.ok ? placement.answer.matched_address : null,
      error,
      notes: null,
    });
    announce.push({
      aggregateId: dealer.dealer_id,
      payload: {
        dealer_id: dealer.dealer_id,
        lat,
        lng,
        status: placement.ok ? 'ok' : 'error',
        error: placement.ok ? null : placement.error,
      },
    });
  }
  await saveGeocodes(manager, writes, version);
  await recordHistory(manager, history);
  await emit.many(DealerGeocoded, announce);
  // a repair is an admin's change (a bulk repair runs after its request has been answered: the actor is named)
  if (how.action === 'repair') {
    await recordAudits(
      emit,
      history.map((entry) => ({
        action: 'coordinates.repaired',
        entity: 'coordinates' as const,
        entity_id: entry.dealer_id,
        before: { lat: entry.from_lat, lng: entry.from_lng },
        after: { lat: entry.lat, lng: entry.lng, source: entry.source, strategy: entry.strategy },
        actor: { email: how.actor, role: 'admin' as const },
      })),
    );
  }
}

import { DealerGeocoded, type GeocodeAnswer, type RepairStrategy } from '@portal/contracts';
import type { Emit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { type GeocodeWrite, saveGeocodes } from '../data/dealers';
import { type HistoryRecord, recordHistory } from '../data/history';
import { nextLocatorVersion } from '../data/locator-version';
import { addressKey, hasAddress } from '../domain/address';
import { classifyDealer, type GeoDealer } from '../domain/diagnosis';
import { type Attempt, acceptable, repairAttempts } from '../domain/strategies';
import type { GeocodeResult } from '../geocoders/geocoder';
import type { GeocodingRuntime } from '../runtime';

export type Placement =
  | { ok: true; answer: GeocodeAnswer; strategy: RepairStrategy | null }
  | { ok: false; error: string };

/** Runs one attempt with the geocoder its mode names ('full' asks the best one when `useBest`). */
async function run(runtime: GeocodingRuntime, attempt: Attempt, useBest: boolean): Promise<GeocodeResult> {
  switch (attempt.mode) {
    case 'full':
      return useBest ? runtime.best.geocodeAddress(attempt.input) : runtime.offline.address(attempt.input);
    case 'zip':
      return runtime.offline.zip(attempt.input);
    case 'city':
      return runtime.offline.city(attempt.input);
    case 'nearby':
      return runtime.offline.nearby(attempt.input);
  }
}

/** The first acceptable answer of the attempts (see domain/strategies: acceptable), or the last reason why not. */
export async function place(
  runtime: GeocodingRuntime,
  dealer: GeoDealer,
  attempts: readonly Attempt[],
  useBest: boolean,
): Promise<Placement> {
  if (!hasAddress(dealer)) return { ok: false, error: 'No address to geocode' };
  let error = 'Address not found';
  for (const attempt of attempts) {
    const result = await run(runtime, attempt, useBest);
    if (!result.ok) {
      error = result.error;
      continue;
    }
    if (acceptable(result.answer, dealer.state, runtime.shapes.contains)) {
      return { ok: true, answer: result.answer, strategy: attempt.strategy };
    }
    error = `The place found (${result.answer.matched_address ?? 'unnamed'}) is not in ${dealer.state ?? 'the US'}`;
  }
  return { ok: false, error };
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
}

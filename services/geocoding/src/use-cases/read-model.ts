import type { DealerSnapshot } from '@portal/contracts';
import type { Emit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { markDeleted, type SnapshotChange, saveArchived, saveSnapshots } from '../data/dealers';
import { nextLocatorVersion } from '../data/locator-version';
import { addressKey } from '../domain/address';
import type { GeocodingRuntime } from '../runtime';
import { EVENT_ATTEMPTS, type PlacedDealer, placeOffline, storePlacements } from './place-dealers';

/**
 * What the geocoding service keeps of the dealer service's dealers, applied in the consumer's transaction
 * (which also records the events as processed, so a redelivery changes nothing); `occurredAt` keeps the newest
 * state when events arrive out of order. A dealer is geocoded when it is new or its address changed — never
 * for another change (a new phone or name keeps its coordinates) — offline, at once, and announced with
 * dealer.geocoded.
 */
export async function applySnapshots(
  manager: EntityManager,
  emit: Emit,
  runtime: GeocodingRuntime,
  changes: readonly { snapshot: DealerSnapshot; occurredAt: string; event: string }[],
): Promise<void> {
  // one statement cannot change a row twice: the newest change of each dealer wins
  const newest = new Map<string, (typeof changes)[number]>();
  for (const change of changes) {
    const seen = newest.get(change.snapshot.dealer_id);
    if (!seen || seen.occurredAt <= change.occurredAt) newest.set(change.snapshot.dealer_id, change);
  }
  const version = await nextLocatorVersion(manager);
  const applied = await saveSnapshots(manager, [...newest.values()] as SnapshotChange[], version);
  const moved = applied.filter((dealer) => dealer.geocoded_address_key !== addressKey(dealer));
  const byEvent = new Map<string, PlacedDealer[]>();
  for (const dealer of moved) {
    const placement = placeOffline(runtime, dealer, EVENT_ATTEMPTS(dealer));
    const event = newest.get(dealer.dealer_id)?.event ?? 'dealer.updated';
    const placed = byEvent.get(event);
    if (placed) placed.push({ dealer, placement });
    else byEvent.set(event, [{ dealer, placement }]);
  }
  for (const [event, placed] of byEvent)
    await storePlacements(manager, emit, runtime, placed, { action: 'geocode', actor: event, newAddress: true });
}

export async function applyArchived(manager: EntityManager, dealerId: string, archived: boolean, occurredAt: string) {
  await saveArchived(manager, dealerId, archived, occurredAt, await nextLocatorVersion(manager));
}

export async function applyDeleted(manager: EntityManager, dealerId: string) {
  await markDeleted(manager, dealerId, await nextLocatorVersion(manager));
}

import type { DealerSnapshot } from '@portal/contracts';
import type { ConsumerContext } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { markDeleted, markForRefinement, type SnapshotChange, saveArchived, saveSnapshots } from '../data/dealers';
import { nextLocatorVersion } from '../data/locator-version';
import { addressKey, hasAddress } from '../domain/address';
import type { GeocodingRuntime } from '../runtime';
import { EVENT_ATTEMPTS, type PlacedDealer, placeOffline, storePlacements } from './place-dealers';

/**
 * What the geocoding service keeps of the dealer service's dealers, applied in the consumer's transaction
 * (which also records the events as processed, so a redelivery changes nothing); `occurredAt` keeps the newest
 * state when events arrive out of order. A dealer is geocoded when it is new or its address changed — never
 * for another change (a new phone or name keeps its coordinates) — offline, at once, and announced with
 * dealer.geocoded. With Google configured, those dealers are then placed again by Google in the background
 * (use-cases/google-refinement.ts), woken once this transaction commits.
 */
export async function applySnapshots(
  { manager, emit, afterCommit }: Pick<ConsumerContext, 'manager' | 'emit' | 'afterCommit'>,
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
  const { refinement } = runtime;
  const forGoogle = refinement ? moved.filter(hasAddress).map((dealer) => dealer.dealer_id) : [];
  if (refinement && forGoogle.length) {
    await markForRefinement(manager, forGoogle);
    afterCommit(() => refinement.wake());
  }
}

export async function applyArchived(manager: EntityManager, dealerId: string, archived: boolean, occurredAt: string) {
  await saveArchived(manager, dealerId, archived, occurredAt, await nextLocatorVersion(manager));
}

export async function applyDeleted(manager: EntityManager, dealerId: string) {
  await markDeleted(manager, dealerId, await nextLocatorVersion(manager));
}

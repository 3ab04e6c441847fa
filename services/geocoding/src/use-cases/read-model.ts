import type { ConsumerContext, DealerChanges } from '@portal/platform';
import { type KNOWN_DEALER_FIELDS, markForRefinement, moveInLocator } from '../data/dealers';
import { addressKey, hasAddress } from '../domain/address';
import type { GeocodingRuntime } from '../runtime';
import { EVENT_ATTEMPTS, type PlacedDealer, placeOffline, storePlacements } from './place-dealers';

/**
 * What the geocoding service does when the dealer directory (events/dealer-directory.ts) changed dealers, in
 * the consumer's transaction: every changed dealer moves to locator version `version` (a new phone shows in
 * the popups; an archived or deleted dealer leaves the locator). A dealer is geocoded when it is new or its
 * address changed — never for another change (a new phone or name keeps its coordinates) — offline, at once,
 * and announced with dealer.geocoded. With Google configured, those dealers are then placed again by Google in
 * the background (use-cases/google-refinement.ts), woken once this transaction commits. A stale event changed
 * nothing, so it is not here and geocodes nothing.
 */
export async function dealersChanged(
  { manager, emit, afterCommit }: Pick<ConsumerContext, 'manager' | 'emit' | 'afterCommit'>,
  runtime: GeocodingRuntime,
  changes: DealerChanges<(typeof KNOWN_DEALER_FIELDS)[number]>,
  version: number,
): Promise<void> {
  const eventOf = new Map(changes.fields.map(({ dealer, event }) => [dealer.dealer_id, event]));
  const changedIds = new Set([
    ...eventOf.keys(),
    ...changes.archived.map((change) => change.dealer_id),
    ...changes.deleted,
  ]);
  const changed = await moveInLocator(manager, [...changedIds].sort(), version);
  const moved = changed.filter(
    (dealer) => eventOf.has(dealer.dealer_id) && dealer.geocoded_address_key !== addressKey(dealer),
  );
  const byEvent = new Map<string, PlacedDealer[]>();
  for (const dealer of moved) {
    const placement = placeOffline(runtime, dealer, EVENT_ATTEMPTS(dealer));
    const event = eventOf.get(dealer.dealer_id) ?? 'dealer.updated';
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

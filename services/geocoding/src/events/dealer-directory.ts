import type { EventEnvelope, PayloadOfType } from '@portal/contracts';
import type { BatchConsumer, Consumer } from '@portal/platform';
import type { GeocodingConfig } from '../config';
import { runtimeOf } from '../runtime';
import { applyArchived, applyDeleted, applySnapshots } from '../use-cases/read-model';

/** The dealer service's events: the dealers this service places on the map and in the locator. */

type SnapshotEvent = EventEnvelope<PayloadOfType<'dealer.created'>>;
const changes = (events: SnapshotEvent[]) =>
  events.map((e) => ({ snapshot: e.payload, occurredAt: e.occurredAt, event: e.type }));

export const dealerCreated: Consumer<'dealer.created', GeocodingConfig> = (event, ctx) =>
  applySnapshots(ctx, runtimeOf(ctx), changes([event]));

export const dealerUpdated: Consumer<'dealer.updated', GeocodingConfig> = (event, ctx) =>
  applySnapshots(ctx, runtimeOf(ctx), changes([event]));

/** A bulk import announces thousands of dealers: applied together, geocoded together. */
export const dealerSnapshots: BatchConsumer<'dealer.created' | 'dealer.updated', GeocodingConfig> = (events, ctx) =>
  applySnapshots(ctx, runtimeOf(ctx), changes(events as SnapshotEvent[]));

export const dealerArchived: Consumer<'dealer.archived', GeocodingConfig> = (event, ctx) =>
  applyArchived(ctx.manager, event.payload.dealer_id, true, event.occurredAt);

export const dealerRestored: Consumer<'dealer.restored', GeocodingConfig> = (event, ctx) =>
  applyArchived(ctx.manager, event.payload.dealer_id, false, event.occurredAt);

export const dealerDeleted: Consumer<'dealer.deleted', GeocodingConfig> = (event, ctx) =>
  applyDeleted(ctx.manager, event.payload.dealer_id);

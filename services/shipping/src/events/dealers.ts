import type { BatchConsumer, Consumer } from '@portal/platform';
import { saveManyDealerCoordinates } from '../data/known-dealers';
import { knownDealers, rememberDealerCoordinates } from '../use-cases/read-models';

/** The dealer service's events (names, addresses, phones) and the geocoding service's (coordinates). */

export const { consumers: dealerConsumers, batchConsumers: dealerBatchConsumers } = knownDealers;

export const dealerGeocoded: Consumer<'dealer.geocoded'> = (event, ctx) =>
  rememberDealerCoordinates(ctx.manager, event.payload.dealer_id, event.payload, event.occurredAt);

/** Many coordinates at once (a bulk repair announces thousands): one statement for the batch. */
export const dealersGeocoded: BatchConsumer<'dealer.geocoded'> = (events, ctx) =>
  saveManyDealerCoordinates(
    ctx.manager,
    events.map((event) => ({
      dealerId: event.payload.dealer_id,
      lat: event.payload.lat,
      lng: event.payload.lng,
      changedAt: event.occurredAt,
    })),
  );

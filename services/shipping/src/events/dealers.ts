import type { BatchConsumer } from '@portal/platform';
import { knownDealers, rememberDealerCoordinates } from '../use-cases/read-models';

/** The dealer service's events (names, addresses, phones) and the geocoding service's (coordinates). */

export const { batchConsumers: dealerBatchConsumers } = knownDealers;

/** Many coordinates at once (a bulk repair announces thousands): one statement for the batch. */
export const dealersGeocoded: BatchConsumer<'dealer.geocoded'> = (events, ctx) =>
  rememberDealerCoordinates(
    ctx.manager,
    events.map((event) => ({
      dealerId: event.payload.dealer_id,
      lat: event.payload.lat,
      lng: event.payload.lng,
      changedAt: event.occurredAt,
    })),
  );

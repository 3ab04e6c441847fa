import { dealerDirectory } from '@portal/platform';
import type { GeocodingConsumerContext } from '../context';
import { KNOWN_DEALERS } from '../data/dealers';
import { nextLocatorVersion } from '../data/locator-version';
import { dealersChanged } from '../use-cases/read-model';

/**
 * The dealer service's events: the dealers this service places on the map and in the locator, kept by the
 * platform's dealer read model. A bulk import announces thousands of dealers: applied and geocoded together.
 */
export const knownDealers = dealerDirectory({
  ...KNOWN_DEALERS,
  // the locator version first, as every other writer of dealers takes it (the counter row, then the dealer rows)
  before: ({ manager }: GeocodingConsumerContext) => nextLocatorVersion(manager),
  onChange: (changes, ctx, version) => dealersChanged(ctx, ctx.deps, changes, version),
});

export const { batchConsumers: dealerBatchConsumers } = knownDealers;

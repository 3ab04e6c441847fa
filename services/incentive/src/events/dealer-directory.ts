import { knownDealers } from '../use-cases/read-models';

/** The dealer service's events: names and places for performance views, the email for achievement mail. */
export const { batchConsumers: dealerBatchConsumers } = knownDealers;

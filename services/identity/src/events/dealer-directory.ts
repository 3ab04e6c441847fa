import { knownDealers } from '../use-cases/dealer-logins/dealer-lifecycle';

/** The dealer service's events, applied by use-cases/dealer-logins/dealer-lifecycle in the consumer's transaction. */
export const { batchConsumers: dealerBatchConsumers } = knownDealers;

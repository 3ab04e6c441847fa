import { knownDealers } from '../use-cases/read-models';

/** The dealer service's events: what orders show of their dealer, and whether it may order. */
export const { batchConsumers: dealerBatchConsumers } = knownDealers;

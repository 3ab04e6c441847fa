import type { ProductSnapshot } from '@portal/contracts';
import { dealerDirectory } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { KNOWN_DEALERS } from '../data/known-dealers';
import { saveProduct } from '../data/known-products';

/**
 * What the order service remembers of other services' records, applied in the consumer's transaction (which
 * also records the event as processed, so a redelivery changes nothing). `occurredAt` keeps the newest state
 * when events arrive out of order.
 */

/** The dealers orders are placed for: the platform's dealer read model, nothing more to do on a change. */
export const knownDealers = dealerDirectory(KNOWN_DEALERS);

export const rememberProduct = (
  manager: EntityManager,
  product: ProductSnapshot,
  occurredAt: string,
  deleted: boolean,
) => saveProduct(manager, product, occurredAt, deleted);

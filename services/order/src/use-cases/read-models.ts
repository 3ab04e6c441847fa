import type { DealerSnapshot, ProductSnapshot, SystemTimezone } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { markDealerDeleted, saveDealerArchived, saveDealerFields } from '../data/known-dealers';
import { saveProduct } from '../data/known-products';
import { saveSystemTimezone } from '../data/system-settings';

/**
 * What the order service remembers of other services' records, applied in the consumer's transaction (which
 * also records the event as processed, so a redelivery changes nothing). `occurredAt` keeps the newest state
 * when events arrive out of order.
 */

export const rememberDealer = (manager: EntityManager, dealer: DealerSnapshot, occurredAt: string) =>
  saveDealerFields(manager, dealer, occurredAt);

export const rememberDealerArchived = (
  manager: EntityManager,
  dealerId: string,
  archived: boolean,
  occurredAt: string,
) => saveDealerArchived(manager, dealerId, archived, occurredAt);

export const forgetDealer = (manager: EntityManager, dealerId: string) => markDealerDeleted(manager, dealerId);

export const rememberProduct = (
  manager: EntityManager,
  product: ProductSnapshot,
  occurredAt: string,
  deleted: boolean,
) => saveProduct(manager, product, occurredAt, deleted);

export const rememberSystemTimezone = (manager: EntityManager, timezone: SystemTimezone, occurredAt: string) =>
  saveSystemTimezone(manager, timezone, occurredAt);

import type { DealerSnapshot } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { markDealerDeleted, saveDealerArchived, saveDealerFields } from '../data/dealers';

/**
 * What the incentive service remembers of dealers, applied in the consumer's transaction (which also records
 * the event as processed, so a redelivery changes nothing). `occurredAt` keeps the newest state when events
 * arrive out of order.
 */

export const rememberDealers = (
  manager: EntityManager,
  dealers: readonly { snapshot: DealerSnapshot; changedAt: string }[],
) => saveDealerFields(manager, dealers);

export const rememberDealerArchived = (
  manager: EntityManager,
  dealerId: string,
  archived: boolean,
  occurredAt: string,
) => saveDealerArchived(manager, dealerId, archived, occurredAt);

export const forgetDealer = (manager: EntityManager, dealerId: string) => markDealerDeleted(manager, dealerId);

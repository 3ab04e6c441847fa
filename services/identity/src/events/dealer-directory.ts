import type { EventEnvelope, PayloadOfType } from '@portal/contracts';
import type { ConsumerContext, DealerEvent } from '@portal/platform';
import type { IdentityConfig } from '../config';
import type { IdentityDeps } from '../dependencies';
import { knownDealers } from '../use-cases/dealer-logins/dealer-lifecycle';
import { claimNewDealers } from '../use-cases/notifications/dealer-notices';

/**
 * The dealer service's events, applied by use-cases/dealer-logins/dealer-lifecycle in the consumer's
 * transaction; the dealers created in the batch are claimed for the admins' notice (notify_new_dealers: a bulk
 * import announces thousands, in batches), which is mailed once the batch commits, for many batches at once. One function for the five types, so
 * events of the five types that arrive together share a batch, in delivery order.
 */
async function applyDealerEvents(
  events: EventEnvelope[],
  ctx: ConsumerContext<IdentityConfig, IdentityDeps>,
): Promise<void> {
  await knownDealers.apply(events as DealerEvent[], ctx);
  const created = events.filter(
    (event): event is EventEnvelope<PayloadOfType<'dealer.created'>> => event.type === 'dealer.created',
  );
  if (await claimNewDealers(ctx.manager, created)) ctx.afterCommit(() => ctx.deps.newDealerNotices.kick(ctx));
}

export const dealerBatchConsumers = {
  'dealer.created': applyDealerEvents,
  'dealer.updated': applyDealerEvents,
  'dealer.archived': applyDealerEvents,
  'dealer.restored': applyDealerEvents,
  'dealer.deleted': applyDealerEvents,
};

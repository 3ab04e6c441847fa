import type { BaseConfig, BatchConsumer, Consumer } from '@portal/platform';
import { forgetDealer, rememberDealerArchived, rememberDealers } from '../use-cases/read-models';

/** The dealer service's events: names and places for performance views, the email for achievement mail. */

export const dealerSaved: Consumer<'dealer.created' | 'dealer.updated', BaseConfig> = (event, ctx) =>
  rememberDealers(ctx.manager, [{ snapshot: event.payload, changedAt: event.occurredAt }]);

/** dealer.created and dealer.updated in bulk (an import announces thousands): one statement per batch. */
export const dealersSaved: BatchConsumer<'dealer.created' | 'dealer.updated', BaseConfig> = (events, ctx) =>
  rememberDealers(
    ctx.manager,
    events.map((event) => ({ snapshot: event.payload, changedAt: event.occurredAt })),
  );

export const dealerArchived: Consumer<'dealer.archived', BaseConfig> = (event, ctx) =>
  rememberDealerArchived(ctx.manager, event.payload.dealer_id, true, event.occurredAt);

export const dealerRestored: Consumer<'dealer.restored', BaseConfig> = (event, ctx) =>
  rememberDealerArchived(ctx.manager, event.payload.dealer_id, false, event.occurredAt);

export const dealerDeleted: Consumer<'dealer.deleted', BaseConfig> = (event, ctx) =>
  forgetDealer(ctx.manager, event.payload.dealer_id);

import type { BaseConfig, Consumer } from '@portal/platform';
import { forgetDealer, rememberDealer, rememberDealerArchived } from '../use-cases/read-models';

/** The dealer service's events: what orders show of their dealer, and whether it may order. */

export const dealerCreated: Consumer<'dealer.created', BaseConfig> = (event, ctx) =>
  rememberDealer(ctx.manager, event.payload, event.occurredAt);

export const dealerUpdated: Consumer<'dealer.updated', BaseConfig> = (event, ctx) =>
  rememberDealer(ctx.manager, event.payload, event.occurredAt);

export const dealerArchived: Consumer<'dealer.archived', BaseConfig> = (event, ctx) =>
  rememberDealerArchived(ctx.manager, event.payload.dealer_id, true, event.occurredAt);

export const dealerRestored: Consumer<'dealer.restored', BaseConfig> = (event, ctx) =>
  rememberDealerArchived(ctx.manager, event.payload.dealer_id, false, event.occurredAt);

export const dealerDeleted: Consumer<'dealer.deleted', BaseConfig> = (event, ctx) =>
  forgetDealer(ctx.manager, event.payload.dealer_id);

import type { BatchConsumer, Consumer, ConsumerContext } from '@portal/platform';
import type { IdentityConfig } from '../config';
import {
  archiveDealer,
  forgetDealer,
  rememberDealers as rememberAll,
  restoreDealer,
} from '../use-cases/dealer-logins/dealer-lifecycle';

/** The dealer service's events, applied by use-cases/dealer-logins/dealer-lifecycle in the consumer's transaction. */

type Ctx = ConsumerContext<IdentityConfig>;

export const dealerCreated: Consumer<'dealer.created', IdentityConfig> = (event, ctx: Ctx) =>
  rememberAll(ctx.manager, [event.payload]);

export const dealerUpdated: Consumer<'dealer.updated', IdentityConfig> = (event, ctx: Ctx) =>
  rememberAll(ctx.manager, [event.payload]);

/** many at once (a bulk import): one statement for the batch */
export const dealersCreated: BatchConsumer<'dealer.created', IdentityConfig> = (events, ctx: Ctx) =>
  rememberAll(
    ctx.manager,
    events.map((event) => event.payload),
  );

export const dealersUpdated: BatchConsumer<'dealer.updated', IdentityConfig> = (events, ctx: Ctx) =>
  rememberAll(
    ctx.manager,
    events.map((event) => event.payload),
  );

export const dealerArchived: Consumer<'dealer.archived', IdentityConfig> = (event, ctx: Ctx) =>
  archiveDealer(ctx.manager, event.payload.dealer_id);

export const dealerRestored: Consumer<'dealer.restored', IdentityConfig> = (event, ctx: Ctx) =>
  restoreDealer(ctx.manager, event.payload.dealer_id);

export const dealerDeleted: Consumer<'dealer.deleted', IdentityConfig> = (event, ctx: Ctx) =>
  forgetDealer(ctx.manager, event.payload.dealer_id);

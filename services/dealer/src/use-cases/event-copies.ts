import { DealerUpdated, type PayloadOfType } from '@portal/contracts';
import type { ConsumerContext } from '@portal/platform';
import type { DealerConfig } from '../config';
import { saveConfiguredZones } from '../data/configured-zones';
import { snapshotOf } from '../data/dealers';
import { rememberOrder } from '../data/known-orders';
import { applySignupDetails } from '../data/signup-details';

/** What the other services' events change here, applied in the consumer's transaction. */
type InConsumer = Pick<ConsumerContext<DealerConfig>, 'manager' | 'emit' | 'logger'>;

/** identity's system configuration changed its zones: dealers are checked against the new list from now on. */
export async function applyConfiguredZones(
  ctx: InConsumer,
  zones: PayloadOfType<'settings.zones_changed'>['zones'],
  changedAt: string,
): Promise<void> {
  await saveConfiguredZones(ctx.manager, zones, changedAt);
}

/**
 * A dealer that accepted its invitation typed its full name (and maybe its phone): they belong on its
 * record, and everyone keeping a copy hears of it (dealer.updated, written to the outbox in this transaction).
 */
export async function applySignupCompleted(
  ctx: InConsumer,
  signup: PayloadOfType<'dealer.signup_completed'>,
): Promise<void> {
  const row = await applySignupDetails(ctx.manager, signup.dealer_id, signup.full_name, signup.phone);
  if (!row) return ctx.logger.warn({ dealerId: signup.dealer_id }, 'signup for a dealer that no longer exists');
  if (row.announced) await ctx.emit(DealerUpdated, row.dealer_id, snapshotOf(row));
}

/**
 * An order's status and creation time, kept for the dashboard's order_stats (pending orders, new orders this
 * month). The event's time orders the changes, so a late or repeated delivery is harmless.
 */
export function rememberOrderCreated(ctx: InConsumer, order: PayloadOfType<'order.created'>, at: string) {
  return rememberOrder(ctx.manager, order, at);
}

/** An order's new status (its creation time was told by order.created). */
export function rememberOrderUpdated(ctx: InConsumer, order: PayloadOfType<'order.updated'>, at: string) {
  return rememberOrder(ctx.manager, { ...order, created_at: null }, at);
}

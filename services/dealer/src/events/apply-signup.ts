import type { EventEnvelope, PayloadOfType } from '@portal/contracts';
import { DealerUpdated } from '@portal/contracts';
import type { ConsumerContext } from '@portal/platform';
import type { DealerConfig } from '../config';
import { snapshotOf } from '../data/dealers';
import { applySignupDetails } from '../data/signup-details';

/**
 * A dealer that accepted its invitation typed its full name (and maybe its phone): they belong on its
 * record, and everyone keeping a copy hears of it (dealer.updated, written to the outbox in this transaction).
 */
export async function applySignup(
  event: EventEnvelope<PayloadOfType<'dealer.signup_completed'>>,
  ctx: ConsumerContext<DealerConfig>,
): Promise<void> {
  const signup = event.payload;
  const row = await applySignupDetails(ctx.manager, signup.dealer_id, signup.full_name, signup.phone);
  if (!row) return ctx.logger.warn({ dealerId: signup.dealer_id }, 'signup for a dealer that no longer exists');
  if (row.announced) await ctx.emit(DealerUpdated, row.dealer_id, snapshotOf(row));
}

import type { DealerConsumer } from '../context';
import { applySignupCompleted } from '../use-cases/event-copies';

/** dealer.signup_completed: the name and phone the dealer entered belong on its record. */
export const applySignup: DealerConsumer<'dealer.signup_completed'> = (event, ctx) =>
  applySignupCompleted(ctx, event.payload);

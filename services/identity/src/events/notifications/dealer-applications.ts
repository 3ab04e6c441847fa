import type { IdentityConsumer } from '../../context';
import { noticeDealerApplication } from '../../use-cases/notifications/dealer-notices';

/** dealer.application_received: the admins hear of the applicant once (notify_new_dealer_applications). */
export const dealerApplicationNotice: IdentityConsumer<'dealer.application_received'> = (event, ctx) =>
  noticeDealerApplication(ctx, ctx.manager, event.payload);

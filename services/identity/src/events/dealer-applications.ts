import type { IdentityConsumer } from '../context';
import { inviteApprovedApplicant, tellRejectedApplicant } from '../use-cases/dealer-logins/application-decisions';

/** dealer.application_approved: the applicant's login invitation, in the consumer's transaction. */
export const applicationApproved: IdentityConsumer<'dealer.application_approved'> = (event, ctx) =>
  inviteApprovedApplicant(ctx, ctx.manager, event.payload);

/** dealer.application_rejected: the polite refusal, in the consumer's transaction. */
export const applicationRejected: IdentityConsumer<'dealer.application_rejected'> = (event, ctx) =>
  tellRejectedApplicant(ctx, ctx.manager, event.payload);

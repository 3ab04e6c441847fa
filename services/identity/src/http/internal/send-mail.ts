import { internalEndpoints } from '@portal/contracts';
import { internalRoute } from '@portal/platform';
import type { IdentityConfig } from '../../config';
import type { IdentityDeps } from '../../dependencies';
import { sendRequestedMail } from '../../use-cases/mail/requested-mail';

/**
 * POST /internal/send-mail — another service (order, for an invoice) sends a mail through identity, the
 * product's one mail sender, with the admin's own bearer token forwarded: admin only, never routed by the gateway.
 */
export const sendMailRoute = internalRoute<
  (typeof internalEndpoints)['internal.sendMail'],
  IdentityConfig,
  IdentityDeps
>(internalEndpoints['internal.sendMail'], async ({ body, user }, ctx) => ({
  sent: true as const,
  message_id: await sendRequestedMail(ctx, user, body),
}));

import type { IdentityHandler } from '../../context';
import * as email from '../../use-cases/settings/email-settings';

/** GET /api/admin/email-settings */
export const emailSettings: IdentityHandler<'admin.emailSettings'> = async (_input, ctx) => ({
  success: true as const,
  ...(await email.emailSettings(ctx)),
});

/** POST /api/admin/email-settings */
export const saveEmailSettings: IdentityHandler<'admin.saveEmailSettings'> = async ({ body, user }, ctx) => ({
  success: true as const,
  message: 'Email settings saved successfully!',
  ...(await email.saveEmailSettings(ctx, user, body)),
});

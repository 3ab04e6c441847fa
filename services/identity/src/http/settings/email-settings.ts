import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { currentEmailSettings, storeEmailSettings } from '../../use-cases/settings/email-settings';

/** GET /api/admin/email-settings */
export const emailSettings: IdentityHandler<'admin.emailSettings'> = async (_input, ctx) =>
  succeeded(await currentEmailSettings(ctx));

/** POST /api/admin/email-settings */
export const saveEmailSettings: IdentityHandler<'admin.saveEmailSettings'> = async ({ body, user }, ctx) =>
  succeeded({ message: 'Email settings saved successfully!', ...(await storeEmailSettings(ctx, user, body)) });

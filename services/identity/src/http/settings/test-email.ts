import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { sendTestEmail } from '../../use-cases/settings/email-settings';

/** POST /api/admin/test-email */
export const testEmail: IdentityHandler<'admin.testEmail'> = async ({ body, user }, ctx) => {
  const to = await sendTestEmail(ctx, user, body);
  return succeeded({ message: `Test email sent successfully to ${to}` });
};

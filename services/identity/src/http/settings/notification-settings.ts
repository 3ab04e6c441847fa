import type { IdentityHandler } from '../../context';
import { notificationSettings as read } from '../../use-cases/settings/system-configuration';

/** GET /api/admin/notification-settings */
export const notificationSettings: IdentityHandler<'admin.notificationSettings'> = async (_input, ctx) => ({
  success: true as const,
  settings: await read(ctx),
});

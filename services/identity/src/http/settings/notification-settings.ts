import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { currentNotificationSettings } from '../../use-cases/settings/system-configuration';

/** GET /api/admin/notification-settings */
export const notificationSettings: IdentityHandler<'admin.notificationSettings'> = async (_input, ctx) =>
  succeeded({ settings: await currentNotificationSettings(ctx) });

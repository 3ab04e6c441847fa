import type { endpoints } from '@portal/contracts';
import type { Handler } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { readNotificationSettings } from '../../domain/settings/notification-settings';

/** GET /api/admin/notification-settings — the spec's defaults until saved through the system configuration. */
export const notificationSettings: Handler<(typeof endpoints)['admin.notificationSettings'], IdentityContext> = async (
  _input,
  ctx,
) => ({ success: true as const, settings: await readNotificationSettings(ctx.db.manager) });

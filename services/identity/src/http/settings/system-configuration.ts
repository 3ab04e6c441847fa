import { type endpoints, ZonesChanged } from '@portal/contracts';
import type { Handler } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { writeSettings } from '../../data/settings-store';
import { lockNotificationSettings } from '../../domain/settings/notification-settings';
import { lockSystemConfiguration, readSystemConfiguration } from '../../domain/settings/system-configuration';

type Ctx = IdentityContext;

/** GET /api/admin/system-configuration */
export const systemConfiguration: Handler<(typeof endpoints)['admin.systemConfiguration'], Ctx> = async (
  _input,
  ctx,
) => ({ success: true as const, configuration: await readSystemConfiguration(ctx.db.manager) });

const sameZones = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((zone, i) => zone === b[i]);

/**
 * POST /api/admin/system-configuration — fields left out keep their value. A change of zones is announced
 * with `settings.zones_changed` in the same transaction. `notification_settings`, when sent, updates the
 * notification settings (the spec gives them no endpoint of their own).
 */
export const saveSystemConfiguration: Handler<(typeof endpoints)['admin.saveSystemConfiguration'], Ctx> = async (
  { body, user },
  ctx,
) => {
  const configuration = await ctx.transaction(async (manager, emit) => {
    const current = await lockSystemConfiguration(manager);
    const next = {
      system_timezone: body.system_timezone ?? current.system_timezone,
      maintenance_mode: body.maintenance_mode ?? current.maintenance_mode,
      zones: body.zones ?? current.zones,
    };
    await writeSettings(manager, 'system', next, user.email);
    if (!sameZones(current.zones, next.zones)) await emit(ZonesChanged, 'zones', { zones: next.zones });
    if (body.notification_settings) {
      const notifications = await lockNotificationSettings(manager);
      await writeSettings(manager, 'notifications', { ...notifications, ...body.notification_settings }, user.email);
    }
    return next;
  });
  if (body.maintenance_mode !== undefined) {
    ctx.logger.info({ maintenance_mode: configuration.maintenance_mode, by: user.email }, 'maintenance mode set');
  }
  return { success: true as const, message: 'System configuration saved successfully!', configuration };
};

import {
  DEFAULT_SYSTEM_CONFIGURATION,
  type NotificationSettings,
  PaymentTermsChanged,
  type SystemConfiguration,
  TimezoneChanged,
  ZonesChanged,
} from '@portal/contracts';
import { type AuthUser, type Emit, recordAudit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import {
  databaseClock,
  lockNotificationSettings,
  lockSystemConfiguration,
  readNotificationSettings,
  readSystemConfiguration,
} from '../../data/settings';
import { writeSettings } from '../../data/settings-store';
import {
  nextSystemConfiguration,
  type SystemConfigurationChanges,
  timezoneChanged,
  zonesChanged,
} from '../../domain/settings/system-configuration';

export function currentSystemConfiguration(ctx: IdentityContext): Promise<SystemConfiguration> {
  return readSystemConfiguration(ctx.db.manager);
}

export function currentNotificationSettings(ctx: IdentityContext): Promise<NotificationSettings> {
  return readNotificationSettings(ctx.db.manager);
}

/**
 * Saves the system configuration (fields left out keep their value). A change of zones is announced with
 * `settings.zones_changed`, a change of the system timezone with `settings.timezone_changed`, a change of the
 * default payment terms with `settings.payment_terms_changed`, in the same transaction. Notification settings,
 * when sent, are saved too (the spec gives them no endpoint of their own).
 */
export async function storeSystemConfiguration(
  ctx: IdentityContext,
  admin: AuthUser,
  changes: SystemConfigurationChanges & { notification_settings?: Partial<NotificationSettings> },
): Promise<SystemConfiguration> {
  const configuration = await ctx.transaction(async (manager, emit) => {
    const current = await lockSystemConfiguration(manager);
    const next = nextSystemConfiguration(current, changes);
    await writeSettings(manager, 'system', next, admin.email);
    await recordAudit(emit, {
      action: 'settings.updated',
      entity: 'settings',
      entity_id: 'system_configuration',
      before: current,
      after: next,
    });
    if (zonesChanged(current.zones, next.zones)) await emit(ZonesChanged, 'zones', { zones: next.zones });
    if (timezoneChanged(current.system_timezone, next.system_timezone)) {
      await emit(TimezoneChanged, 'system_timezone', { system_timezone: next.system_timezone });
    }
    if (current.default_payment_terms_days !== next.default_payment_terms_days) {
      await announcePaymentTerms(manager, emit, next.default_payment_terms_days);
    }
    if (changes.notification_settings) {
      const notifications = await lockNotificationSettings(manager);
      const nextNotifications = { ...notifications, ...changes.notification_settings };
      await writeSettings(manager, 'notifications', nextNotifications, admin.email);
      await recordAudit(emit, {
        action: 'settings.updated',
        entity: 'settings',
        entity_id: 'notification_settings',
        before: notifications,
        after: nextNotifications,
      });
    }
    return next;
  });
  if (changes.maintenance_mode !== undefined) {
    ctx.logger.info({ maintenance_mode: configuration.maintenance_mode, by: admin.email }, 'maintenance mode set');
  }
  return configuration;
}

/**
 * Announces the system timezone and the default payment terms again when identity starts, each unless it is
 * the contract's default (what every service answers until told otherwise): a service started after the change
 * was announced (a new one, or one whose queue was created later) would otherwise keep the default for ever.
 * Read under the settings' lock and emitted with the same aggregate as a change, so a concurrent change is
 * announced after this one and the consumers' newest-wins rule keeps it; a repeated announcement changes nothing.
 */
export async function announceSystemSettings(ctx: IdentityContext): Promise<void> {
  await ctx.transaction(async (manager, emit) => {
    const { system_timezone, default_payment_terms_days } = await lockSystemConfiguration(manager);
    if (system_timezone !== DEFAULT_SYSTEM_CONFIGURATION.system_timezone) {
      await emit(TimezoneChanged, 'system_timezone', { system_timezone });
    }
    // the same reasoning for the default payment terms (the order service answers 30 until told otherwise)
    if (default_payment_terms_days !== DEFAULT_SYSTEM_CONFIGURATION.default_payment_terms_days) {
      await announcePaymentTerms(manager, emit, default_payment_terms_days);
    }
  });
}

/**
 * Emits `settings.payment_terms_changed`, stamped with the database clock read after the settings' lock was
 * taken: a save waiting on the lock is stamped later than the announcement before it, so the consumers'
 * newest-wins rule (by changed_at) keeps the value saved last.
 */
async function announcePaymentTerms(manager: EntityManager, emit: Emit, days: number): Promise<void> {
  await emit(PaymentTermsChanged, 'default_payment_terms', {
    default_payment_terms_days: days,
    changed_at: await databaseClock(manager),
  });
}

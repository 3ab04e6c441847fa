import { DEFAULT_NOTIFICATION_SETTINGS, NotificationSettings } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { readSettings, readSettingsForUpdate } from '../../data/settings-store';

export function readNotificationSettings(manager: EntityManager): Promise<NotificationSettings> {
  return readSettings(manager, 'notifications', NotificationSettings, DEFAULT_NOTIFICATION_SETTINGS);
}

/** Locks the notification settings until the transaction ends (read-modify-write). */
export function lockNotificationSettings(manager: EntityManager): Promise<NotificationSettings> {
  return readSettingsForUpdate(manager, 'notifications', NotificationSettings, DEFAULT_NOTIFICATION_SETTINGS);
}

import {
  CompanySettings,
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_SYSTEM_CONFIGURATION,
  NotificationSettings,
  SystemConfiguration,
} from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { DEFAULT_COMPANY_SETTINGS } from '../domain/settings/company-settings';
import { DEFAULT_EMAIL_SETTINGS, StoredEmailSettings } from '../domain/settings/email-settings';
import { readSettings, readSettingsForUpdate } from './settings-store';

/** Each kind of settings read (or locked for a read-modify-write) over its defaults. */

export function readCompanySettings(manager: EntityManager): Promise<CompanySettings> {
  return readSettings(manager, 'company', CompanySettings, DEFAULT_COMPANY_SETTINGS);
}

export function readSystemConfiguration(manager: EntityManager): Promise<SystemConfiguration> {
  return readSettings(manager, 'system', SystemConfiguration, DEFAULT_SYSTEM_CONFIGURATION);
}

export function lockSystemConfiguration(manager: EntityManager): Promise<SystemConfiguration> {
  return readSettingsForUpdate(manager, 'system', SystemConfiguration, DEFAULT_SYSTEM_CONFIGURATION);
}

export async function isUnderMaintenance(manager: EntityManager): Promise<boolean> {
  return (await readSystemConfiguration(manager)).maintenance_mode;
}

export function readNotificationSettings(manager: EntityManager): Promise<NotificationSettings> {
  return readSettings(manager, 'notifications', NotificationSettings, DEFAULT_NOTIFICATION_SETTINGS);
}

export function lockNotificationSettings(manager: EntityManager): Promise<NotificationSettings> {
  return readSettingsForUpdate(manager, 'notifications', NotificationSettings, DEFAULT_NOTIFICATION_SETTINGS);
}

export function readEmailSettings(manager: EntityManager): Promise<StoredEmailSettings> {
  return readSettings(manager, 'email', StoredEmailSettings, DEFAULT_EMAIL_SETTINGS);
}

export function lockEmailSettings(manager: EntityManager): Promise<StoredEmailSettings> {
  return readSettingsForUpdate(manager, 'email', StoredEmailSettings, DEFAULT_EMAIL_SETTINGS);
}

/** The database's clock now (ISO instant): one clock for every identity replica, unlike each process's own. */
export async function databaseClock(manager: EntityManager): Promise<string> {
  const rows: { now: Date }[] = await manager.query('SELECT clock_timestamp() AS now');
  const now = rows[0]?.now;
  if (!now) throw new Error('the database answered no clock');
  return new Date(now).toISOString();
}

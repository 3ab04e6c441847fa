import { DEFAULT_SYSTEM_CONFIGURATION, SystemConfiguration } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { readSettings, readSettingsForUpdate } from '../../data/settings-store';

export function readSystemConfiguration(manager: EntityManager): Promise<SystemConfiguration> {
  return readSettings(manager, 'system', SystemConfiguration, DEFAULT_SYSTEM_CONFIGURATION);
}

/** Locks the configuration until the transaction ends (read-modify-write). */
export function lockSystemConfiguration(manager: EntityManager): Promise<SystemConfiguration> {
  return readSettingsForUpdate(manager, 'system', SystemConfiguration, DEFAULT_SYSTEM_CONFIGURATION);
}

export async function isUnderMaintenance(manager: EntityManager): Promise<boolean> {
  return (await readSystemConfiguration(manager)).maintenance_mode;
}

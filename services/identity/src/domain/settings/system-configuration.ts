import type { SystemConfiguration, SystemTimezone } from '@portal/contracts';

export type SystemConfigurationChanges = Partial<SystemConfiguration>;

/** The configuration after a save: fields left out keep their value. */
export function nextSystemConfiguration(
  current: SystemConfiguration,
  changes: SystemConfigurationChanges,
): SystemConfiguration {
  return {
    system_timezone: changes.system_timezone ?? current.system_timezone,
    maintenance_mode: changes.maintenance_mode ?? current.maintenance_mode,
    zones: changes.zones ?? current.zones,
    require_admin_mfa: changes.require_admin_mfa ?? current.require_admin_mfa,
    default_payment_terms_days: changes.default_payment_terms_days ?? current.default_payment_terms_days,
  };
}

/** Whether the zones changed (order counts: it is the order the web lists them in). */
export function zonesChanged(before: readonly string[], after: readonly string[]): boolean {
  return before.length !== after.length || before.some((zone, i) => zone !== after[i]);
}

/** Whether the system timezone changed (saving the same one again is no change). */
export function timezoneChanged(before: SystemTimezone, after: SystemTimezone): boolean {
  return before !== after;
}

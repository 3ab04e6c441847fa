import type { CompanySettings, SystemTimezone } from '@portal/contracts';
import { type AuthUser, recordAudit } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { readCompanySettings, readSystemConfiguration } from '../../data/settings';
import { writeSettings } from '../../data/settings-store';
import { companySettingsFrom } from '../../domain/settings/company-settings';

export function currentCompanySettings(ctx: IdentityContext): Promise<CompanySettings> {
  return readCompanySettings(ctx.db.manager);
}

/**
 * What anyone may read: the company details, whether the web should show the maintenance notice, and the
 * timezone every screen shows dates in.
 */
export async function companySettingsForEveryone(
  ctx: IdentityContext,
): Promise<{ settings: CompanySettings; maintenance_mode: boolean; system_timezone: SystemTimezone }> {
  const system = await readSystemConfiguration(ctx.db.manager);
  return {
    settings: await readCompanySettings(ctx.db.manager),
    maintenance_mode: system.maintenance_mode,
    system_timezone: system.system_timezone,
  };
}

/** Replaces the company settings; optional fields left out become blank. */
export async function storeCompanySettings(
  ctx: IdentityContext,
  admin: AuthUser,
  form: Parameters<typeof companySettingsFrom>[0],
): Promise<CompanySettings> {
  const settings = companySettingsFrom(form);
  await ctx.transaction(async (manager, emit) => {
    const before = await readCompanySettings(manager);
    await writeSettings(manager, 'company', settings, admin.email);
    await recordAudit(emit, {
      action: 'settings.updated',
      entity: 'settings',
      entity_id: 'company',
      before,
      after: settings,
    });
  });
  return settings;
}

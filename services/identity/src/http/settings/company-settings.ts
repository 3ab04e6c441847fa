import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import {
  companySettingsForEveryone,
  currentCompanySettings,
  storeCompanySettings,
} from '../../use-cases/settings/company-settings';

/** GET /api/public/company-settings */
export const publicCompanySettings: IdentityHandler<'public.companySettings'> = async (_input, ctx) =>
  succeeded(await companySettingsForEveryone(ctx));

/** GET /api/admin/company-settings */
export const companySettings: IdentityHandler<'admin.companySettings'> = async (_input, ctx) =>
  succeeded({ settings: await currentCompanySettings(ctx) });

/** PUT /api/admin/company-settings */
export const updateCompanySettings: IdentityHandler<'admin.updateCompanySettings'> = async ({ body, user }, ctx) =>
  succeeded({
    message: 'Company settings saved successfully! This will appear on all invoices.',
    settings: await storeCompanySettings(ctx, user, body),
  });

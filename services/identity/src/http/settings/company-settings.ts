import type { IdentityHandler } from '../../context';
import * as company from '../../use-cases/settings/company-settings';

/** GET /api/public/company-settings */
export const publicCompanySettings: IdentityHandler<'public.companySettings'> = async (_input, ctx) => ({
  success: true as const,
  ...(await company.publicCompanySettings(ctx)),
});

/** GET /api/admin/company-settings */
export const companySettings: IdentityHandler<'admin.companySettings'> = async (_input, ctx) => ({
  success: true as const,
  settings: await company.companySettings(ctx),
});

/** PUT /api/admin/company-settings */
export const saveCompanySettings: IdentityHandler<'admin.updateCompanySettings'> = async ({ body, user }, ctx) => ({
  success: true as const,
  message: 'Company settings saved successfully! This will appear on all invoices.',
  settings: await company.saveCompanySettings(ctx, user, body),
});

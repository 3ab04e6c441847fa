import type { endpoints } from '@portal/contracts';
import type { Handler } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { writeSettings } from '../../data/settings-store';
import { readCompanySettings } from '../../domain/settings/company-settings';
import { isUnderMaintenance } from '../../domain/settings/system-configuration';

type Ctx = IdentityContext;

/** GET /api/public/company-settings — no token; also tells the web whether to show the maintenance notice. */
export const publicCompanySettings: Handler<(typeof endpoints)['public.companySettings'], Ctx> = async (
  _input,
  ctx,
) => ({
  success: true as const,
  settings: await readCompanySettings(ctx.db.manager),
  maintenance_mode: await isUnderMaintenance(ctx.db.manager),
});

/** GET /api/admin/company-settings */
export const companySettings: Handler<(typeof endpoints)['admin.companySettings'], Ctx> = async (_input, ctx) => ({
  success: true as const,
  settings: await readCompanySettings(ctx.db.manager),
});

/** PUT /api/admin/company-settings — replaces them all; optional fields left out become blank. */
export const saveCompanySettings: Handler<(typeof endpoints)['admin.updateCompanySettings'], Ctx> = async (
  { body, user },
  ctx,
) => {
  const settings = {
    company_name: body.company_name,
    business_type: body.business_type ?? '',
    email: body.email,
    phone: body.phone ?? '',
    address: body.address ?? '',
    city: body.city ?? '',
    state: body.state ?? '',
    zip_code: body.zip_code ?? '',
  };
  await writeSettings(ctx.db.manager, 'company', settings, user.email);
  return {
    success: true as const,
    message: 'Company settings saved successfully! This will appear on all invoices.',
    settings,
  };
};

import type { CompanySettings } from '@portal/contracts';

/** What the client shows of the manufacturer: its name, business type and contact email. */
export interface CompanyProfile {
  name: string;
  businessType: string;
  email: string;
}

/** Shown before the settings load, or when they cannot be loaded. */
export const PLACEHOLDER_COMPANY: CompanyProfile = {
  name: 'Your Company',
  businessType: 'Hunting Blind Manufacturer',
  email: 'info@example.com',
};

/** The profile from the public company settings; a field not yet filled in keeps its placeholder. */
export function companyProfileOf(settings: CompanySettings): CompanyProfile {
  return {
    name: filled(settings.company_name) ?? PLACEHOLDER_COMPANY.name,
    businessType: filled(settings.business_type) ?? PLACEHOLDER_COMPANY.businessType,
    email: filled(settings.email) ?? PLACEHOLDER_COMPANY.email,
  };
}

function filled(value: string): string | undefined {
  return value.trim() || undefined;
}

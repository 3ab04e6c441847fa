import type { CompanySettings } from '@portal/contracts';

/** Blank until an admin saves them: the web shows its own placeholders meanwhile. */
export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  company_name: '',
  business_type: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip_code: '',
  dealer_application_url: '',
};

/** The saved form: optional fields left out become blank (the whole record is replaced). */
export function companySettingsFrom(
  form: Partial<CompanySettings> & Pick<CompanySettings, 'company_name' | 'email'>,
): CompanySettings {
  return {
    company_name: form.company_name,
    business_type: form.business_type ?? '',
    email: form.email,
    phone: form.phone ?? '',
    address: form.address ?? '',
    city: form.city ?? '',
    state: form.state ?? '',
    zip_code: form.zip_code ?? '',
    dealer_application_url: form.dealer_application_url ?? '',
  };
}

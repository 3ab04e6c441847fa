import { CompanySettings } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { readSettings } from '../../data/settings-store';

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
};

export function readCompanySettings(manager: EntityManager): Promise<CompanySettings> {
  return readSettings(manager, 'company', CompanySettings, DEFAULT_COMPANY_SETTINGS);
}

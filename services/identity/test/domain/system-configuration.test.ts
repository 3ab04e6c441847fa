import { companySettingsFrom } from '../../src/domain/settings/company-settings';
import { nextSystemConfiguration, timezoneChanged, zonesChanged } from '../../src/domain/settings/system-configuration';

const current = {
  system_timezone: 'America/Chicago' as const,
  maintenance_mode: false,
  zones: ['East', 'West'],
  require_admin_mfa: false,
  default_payment_terms_days: 30,
};

describe('nextSystemConfiguration', () => {
  test('When only some fields are sent, Then the others keep their value', () => {
    expect(nextSystemConfiguration(current, { maintenance_mode: true })).toEqual({
      ...current,
      maintenance_mode: true,
    });
    expect(nextSystemConfiguration(current, {})).toEqual(current);
    expect(nextSystemConfiguration(current, { require_admin_mfa: true }).require_admin_mfa).toBe(true);
    expect(nextSystemConfiguration(current, { default_payment_terms_days: 0 }).default_payment_terms_days).toBe(0);
  });
});

describe('zonesChanged', () => {
  test('When zones are added, removed or reordered, Then they changed; the same list has not', () => {
    expect(zonesChanged(['East', 'West'], ['East', 'West'])).toBe(false);
    expect(zonesChanged(['East', 'West'], ['East'])).toBe(true);
    expect(zonesChanged(['East', 'West'], ['West', 'East'])).toBe(true);
  });
});

describe('timezoneChanged', () => {
  test('When another timezone is saved, Then it changed; the same one again has not', () => {
    expect(timezoneChanged('America/Chicago', 'America/Denver')).toBe(true);
    expect(timezoneChanged('America/Denver', 'America/Denver')).toBe(false);
  });
});

describe('companySettingsFrom', () => {
  test('When optional fields are left out, Then they become blank (the record is replaced)', () => {
    expect(companySettingsFrom({ company_name: 'Ridge', email: 'a@example.com' })).toEqual({
      company_name: 'Ridge',
      business_type: '',
      email: 'a@example.com',
      phone: '',
      address: '',
      city: '',
      state: '',
      zip_code: '',
      dealer_application_url: '',
    });
  });
});

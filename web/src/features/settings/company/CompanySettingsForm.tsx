import { type CompanySettings, endpoints } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../../api/errorMessage';
import { Button } from '../../../ui/Button';
import { InputField } from '../../../ui/FormField';
import { Message } from '../../../ui/Message';
import { StateSelect } from '../../../ui/StateSelect';
import { PLACEHOLDER_COMPANY } from '../../company/companyProfile';
import { fieldProblem } from '../shared/notice';
import { useTimedNotice } from '../shared/useTimedNotice';
import { useSaveCompanySettingsMutation } from './companySettingsApi';

const SAVED = 'Company settings saved successfully! This will appear on all invoices.';

export function CompanySettingsForm({ initial }: { initial: CompanySettings }) {
  // an answer from before the application page existed has no address: none
  const [values, setValues] = useState<CompanySettings>(() => ({
    ...initial,
    dealer_application_url: initial.dealer_application_url ?? '',
  }));
  const [save, { isLoading }] = useSaveCompanySettingsMutation();
  const [notice, showNotice] = useTimedNotice();
  // Save was pressed: from then on the first problem shows beside its field, and goes as soon as it is fixed
  const [tried, setTried] = useState(false);
  const problem = tried ? fieldProblem(endpoints['admin.updateCompanySettings'].body, values) : null;
  const field = (name: keyof CompanySettings) => ({
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: problem?.field === name ? problem.text : undefined,
  });
  // a problem of no field on the form is said under it
  const formLevel = problem && !(problem.field && problem.field in values) ? problem.text : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (fieldProblem(endpoints['admin.updateCompanySettings'].body, values)) return;
    const result = await save({ body: { ...values, state: values.state.toUpperCase() } });
    if (result.error) return showNotice({ text: failureMessage(result.error, 'Failed to save company settings') });
    showNotice({ text: SAVED });
  }

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate>
      <div className="settings-grid">
        <InputField label="Company Name" required placeholder={PLACEHOLDER_COMPANY.name} {...field('company_name')} />
        <InputField label="Business Type" placeholder={PLACEHOLDER_COMPANY.businessType} {...field('business_type')} />
        <InputField
          label="Email"
          type="email"
          required
          autoComplete="email"
          placeholder={PLACEHOLDER_COMPANY.email}
          {...field('email')}
        />
        <InputField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        <InputField label="Address" className="field--wide" autoComplete="street-address" {...field('address')} />
      </div>
      <div className="settings-grid settings-grid--narrow">
        <InputField label="City" autoComplete="address-level2" {...field('city')} />
        <StateSelect {...field('state')} />
        <InputField label="ZIP Code" autoComplete="postal-code" inputMode="numeric" {...field('zip_code')} />
      </div>
      <div className="settings-grid">
        <InputField
          label="Dealer application page (optional)"
          type="url"
          className="field--wide"
          placeholder="https://"
          hint="Apply Now opens this page. Leave blank to use the portal's own application form."
          {...field('dealer_application_url')}
        />
      </div>
      <Message text={notice?.text ?? formLevel} tone={notice?.tone} />
      <div className="settings-actions">
        <Button type="submit" busy={isLoading} busyLabel="Saving...">
          Save Company Settings
        </Button>
        <p className="settings-required-note">* required</p>
      </div>
    </form>
  );
}

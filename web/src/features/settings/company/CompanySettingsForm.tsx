import { type CompanySettings, endpoints } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../../api/errorMessage';
import { Button } from '../../../ui/Button';
import { InputField } from '../../../ui/FormField';
import { Message } from '../../../ui/Message';
import { StateSelect } from '../../../ui/StateSelect';
import { PLACEHOLDER_COMPANY } from '../../company/companyProfile';
import { formProblem } from '../shared/notice';
import { useTimedNotice } from '../shared/useTimedNotice';
import { useSaveCompanySettingsMutation } from './companySettingsApi';

const SAVED = 'Company settings saved successfully! This will appear on all invoices.';

export function CompanySettingsForm({ initial }: { initial: CompanySettings }) {
  const [values, setValues] = useState<CompanySettings>(initial);
  const [save, { isLoading }] = useSaveCompanySettingsMutation();
  const [notice, showNotice] = useTimedNotice();
  const field = (name: keyof CompanySettings) => ({
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = formProblem(endpoints['admin.updateCompanySettings'].body, values);
    if (problem) return showNotice({ text: problem });
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
      <Message text={notice?.text} tone={notice?.tone} />
      <div className="settings-actions">
        <Button type="submit" busy={isLoading} busyLabel="Saving...">
          Save Company Settings
        </Button>
        <p className="settings-required-note">* required</p>
      </div>
    </form>
  );
}

import { SYSTEM_TIMEZONES, type SystemConfiguration } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../../api/errorMessage';
import { Button } from '../../../ui/Button';
import { InputField, SelectInput } from '../../../ui/FormField';
import { Message } from '../../../ui/Message';
import { CheckField } from '../shared/CheckField';
import { useTimedNotice } from '../shared/useTimedNotice';
import { defaultTermsOf } from './paymentTerms';
import { useSaveSystemConfigurationMutation } from './systemConfigurationApi';

type Timezone = SystemConfiguration['system_timezone'];

/** The spec's four choices, named as people say them. */
const TIMEZONES: readonly { value: Timezone; label: string }[] = [
  { value: 'America/Chicago', label: 'Central Time (America/Chicago)' },
  { value: 'America/New_York', label: 'Eastern Time (America/New_York)' },
  { value: 'America/Denver', label: 'Mountain Time (America/Denver)' },
  { value: 'America/Los_Angeles', label: 'Pacific Time (America/Los_Angeles)' },
];

export function SystemOptionsForm({ initial }: { initial: SystemConfiguration }) {
  const [timezone, setTimezone] = useState<Timezone>(initial.system_timezone);
  const [maintenance, setMaintenance] = useState(initial.maintenance_mode);
  const [requireAdminMfa, setRequireAdminMfa] = useState(initial.require_admin_mfa);
  const [termsDays, setTermsDays] = useState(String(initial.default_payment_terms_days));
  const [termsTried, setTermsTried] = useState(false);
  const [save, { isLoading }] = useSaveSystemConfigurationMutation();
  const [notice, showNotice] = useTimedNotice();

  const terms = defaultTermsOf(termsDays);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTermsTried(true);
    if ('problem' in terms) return;
    // zones are saved by their own editor; left out here, they keep their value
    const result = await save({
      body: {
        system_timezone: timezone,
        maintenance_mode: maintenance,
        require_admin_mfa: requireAdminMfa,
        default_payment_terms_days: terms.days,
      },
    });
    if (result.error) return showNotice({ text: failureMessage(result.error, 'Failed to save system configuration') });
    showNotice({ text: 'System configuration saved successfully!' });
  }

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate>
      <div className="settings-grid">
        <SelectInput
          label="System Timezone"
          value={timezone}
          options={TIMEZONES}
          onChange={(value) => setTimezone(SYSTEM_TIMEZONES.find((zone) => zone === value) ?? timezone)}
        />
        <InputField
          label="Default payment terms (days)"
          type="number"
          min={0}
          max={365}
          step={1}
          inputMode="numeric"
          value={termsDays}
          onChange={setTermsDays}
          hint="For dealers without terms of their own: an order is due this many days after it is confirmed."
          error={termsTried && 'problem' in terms ? terms.problem : undefined}
        />
      </div>
      <CheckField
        label="Maintenance mode"
        checked={maintenance}
        onChange={setMaintenance}
        description="While on, dealers and delivery users see a maintenance notice and cannot make changes."
      />
      <CheckField
        label="Require two-factor sign-in for admins"
        checked={requireAdminMfa}
        onChange={setRequireAdminMfa}
        description="While on, an administrator without two-factor sign-in sets it up the next time they sign in."
      />
      <Message text={notice?.text} tone={notice?.tone} />
      <div className="settings-actions">
        <Button type="submit" busy={isLoading} busyLabel="Saving...">
          Save Configuration
        </Button>
      </div>
    </form>
  );
}

import { SYSTEM_TIMEZONES, type SystemConfiguration } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../../api/errorMessage';
import { Button } from '../../../ui/Button';
import { SelectInput } from '../../../ui/FormField';
import { Message } from '../../../ui/Message';
import { CheckField } from '../shared/CheckField';
import { useTimedNotice } from '../shared/useTimedNotice';
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
  const [save, { isLoading }] = useSaveSystemConfigurationMutation();
  const [notice, showNotice] = useTimedNotice();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // zones are saved by their own editor; left out here, they keep their value
    const result = await save({
      body: { system_timezone: timezone, maintenance_mode: maintenance, require_admin_mfa: requireAdminMfa },
    });
    if (result.error) return showNotice({ text: failureMessage(result.error, 'Failed to save system configuration') });
    showNotice({ text: 'System configuration saved successfully!' });
  }

  return (
    <form className="settings-form" onSubmit={onSubmit}>
      <div className="settings-grid">
        <SelectInput
          label="System Timezone"
          value={timezone}
          options={TIMEZONES}
          onChange={(value) => setTimezone(SYSTEM_TIMEZONES.find((zone) => zone === value) ?? timezone)}
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

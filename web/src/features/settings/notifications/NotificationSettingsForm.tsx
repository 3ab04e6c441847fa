import { endpoints, type NotificationSettings } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../../api/errorMessage';
import { Button } from '../../../ui/Button';
import { InputField } from '../../../ui/FormField';
import { Message } from '../../../ui/Message';
import { CheckField } from '../shared/CheckField';
import { formProblem } from '../shared/notice';
import { useTimedNotice } from '../shared/useTimedNotice';
import { useSaveSystemConfigurationMutation } from '../system/systemConfigurationApi';
import { type NotificationForm, notificationFormOf, notificationSettingsOf, SWITCH_GROUPS } from './notificationForm';

const notificationSettingsSchema = endpoints['admin.saveSystemConfiguration'].body.shape.notification_settings;

export function NotificationSettingsForm({ initial }: { initial: NotificationSettings }) {
  const [values, setValues] = useState<NotificationForm>(() => notificationFormOf(initial));
  const [save, { isLoading }] = useSaveSystemConfigurationMutation();
  const [notice, showNotice] = useTimedNotice();
  const set = (change: Partial<NotificationForm>) => setValues((current) => ({ ...current, ...change }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const settings = notificationSettingsOf(values);
    const problem = formProblem(notificationSettingsSchema, settings);
    if (problem) return showNotice({ text: problem });
    const result = await save({ body: { notification_settings: settings } });
    if (result.error) return showNotice({ text: failureMessage(result.error, 'Failed to save notification settings') });
    showNotice({ text: 'Notification settings saved successfully!' });
  }

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate>
      <div className="settings-grid">
        <InputField
          label="Notification Email"
          type="email"
          placeholder="alerts@example.com"
          value={values.notification_email}
          onChange={(notification_email) => set({ notification_email })}
        />
        <InputField
          label="Daily Report Time"
          type="time"
          value={values.daily_report_time}
          onChange={(daily_report_time) => set({ daily_report_time })}
        />
        <InputField
          label="Large Order Threshold ($)"
          type="number"
          min={0}
          step={1}
          inputMode="decimal"
          value={values.large_order_threshold}
          onChange={(large_order_threshold) => set({ large_order_threshold })}
        />
        <InputField
          label="Revenue Threshold ($)"
          type="number"
          min={0}
          step={1}
          inputMode="decimal"
          value={values.revenue_threshold}
          onChange={(revenue_threshold) => set({ revenue_threshold })}
        />
      </div>
      <div className="settings-grid">
        {SWITCH_GROUPS.map((group) => (
          <fieldset key={group.legend} className="settings-fieldset">
            <legend>{group.legend}</legend>
            <CheckField
              label={group.master.label}
              description={group.master.description}
              checked={values[group.master.key]}
              onChange={(on) => set({ [group.master.key]: on })}
            />
            <div className="settings-fieldset__switches">
              {group.switches.map((item) => (
                <CheckField
                  key={item.key}
                  label={item.label}
                  checked={values[item.key]}
                  onChange={(on) => set({ [item.key]: on })}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <Message text={notice?.text} tone={notice?.tone} />
      <div className="settings-actions">
        <Button type="submit" busy={isLoading} busyLabel="Saving...">
          Save Notification Settings
        </Button>
      </div>
    </form>
  );
}

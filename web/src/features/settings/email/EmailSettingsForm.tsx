import { type EmailSettings, endpoints } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { errorDetail, failureMessage } from '../../../api/errorMessage';
import { Button } from '../../../ui/Button';
import { InputField, PasswordField, SelectInput } from '../../../ui/FormField';
import { Message } from '../../../ui/Message';
import { CheckField } from '../shared/CheckField';
import { formProblem } from '../shared/notice';
import { EMAIL_TEST_NOTICE_MS, useTimedNotice } from '../shared/useTimedNotice';
import {
  type EmailForm,
  emailFormOf,
  emailSettingsChange,
  emailTestFailureText,
  SMTP_PORT_OPTIONS,
  smtpPortOf,
} from './emailForm';
import { useSaveEmailSettingsMutation, useTestEmailMutation } from './emailSettingsApi';

interface EmailSettingsFormProps {
  initial: EmailSettings;
  /** whether a password is saved (it is never sent back to the browser) */
  passwordStored: boolean;
}

export function EmailSettingsForm({ initial, passwordStored }: EmailSettingsFormProps) {
  const [values, setValues] = useState<EmailForm>(() => emailFormOf(initial));
  const [save, { isLoading: saving }] = useSaveEmailSettingsMutation();
  const [test, { isLoading: testing }] = useTestEmailMutation();
  const [notice, showNotice] = useTimedNotice();
  const set = (change: Partial<EmailForm>) => setValues((current) => ({ ...current, ...change }));
  const text = (name: 'smtp_server' | 'smtp_username' | 'sender_name' | 'sender_email' | 'smtp_password') => ({
    value: values[name],
    onChange: (value: string) => set({ [name]: value }),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const change = emailSettingsChange(values);
    const problem = formProblem(endpoints['admin.saveEmailSettings'].body, change);
    if (problem) return showNotice({ text: problem });
    const result = await save({ body: change });
    if (result.error) return showNotice({ text: failureMessage(result.error, 'Failed to save email settings') });
    set({ smtp_password: '' });
    showNotice({ text: 'Email settings saved successfully!' });
  }

  async function onTest() {
    const change = emailSettingsChange(values);
    const problem = formProblem(endpoints['admin.testEmail'].body, change);
    if (problem) return showNotice({ text: problem }, EMAIL_TEST_NOTICE_MS);
    const result = await test({ body: change });
    showNotice(
      result.error
        ? { text: emailTestFailureText(errorDetail(result.error)), tone: 'error' }
        : { text: result.data.message ?? 'Test email sent successfully! Check your inbox.' },
      EMAIL_TEST_NOTICE_MS,
    );
  }

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate>
      <div className="settings-grid">
        <InputField
          label="SMTP Server"
          placeholder="smtp.example.com"
          hint="Leave blank for no SMTP server: mail is then written to the outbox folder."
          {...text('smtp_server')}
        />
        <SelectInput
          label="SMTP Port"
          value={String(values.smtp_port)}
          options={SMTP_PORT_OPTIONS}
          onChange={(port) => set({ smtp_port: smtpPortOf(port) })}
        />
        <InputField label="SMTP Username" autoComplete="off" {...text('smtp_username')} />
        {/* the hint sits outside the password field, whose Show toggle is pinned to its bottom */}
        <div className="field-stack">
          <PasswordField
            label="SMTP Password"
            autoComplete="new-password"
            placeholder={passwordStored ? '•••••••• (saved)' : ''}
            {...text('smtp_password')}
          />
          {passwordStored && <p className="field__hint">A password is saved. Leave blank to keep it.</p>}
        </div>
        <InputField label="Sender Name" placeholder="Dealer Portal" {...text('sender_name')} />
        <InputField
          label="Sender Email"
          type="email"
          required
          placeholder="noreply@example.com"
          {...text('sender_email')}
        />
      </div>
      <div className="settings-grid">
        <CheckField
          label="Use SSL"
          checked={values.use_ssl}
          onChange={(use_ssl) => set({ use_ssl })}
          description="Connect with SSL/TLS from the start (port 465). On 587 and 25 a username and password are only sent after STARTTLS."
        />
        <CheckField
          label="Email notifications"
          checked={values.notifications_enabled}
          onChange={(notifications_enabled) => set({ notifications_enabled })}
          description="Send notification emails to admins and dealers."
        />
      </div>
      <Message text={notice?.text} tone={notice?.tone} />
      <div className="settings-actions">
        <Button type="submit" busy={saving} busyLabel="Saving..." disabled={testing}>
          Save Email Settings
        </Button>
        <Button variant="secondary" busy={testing} busyLabel="Testing..." disabled={saving} onClick={onTest}>
          Test Email
        </Button>
      </div>
    </form>
  );
}

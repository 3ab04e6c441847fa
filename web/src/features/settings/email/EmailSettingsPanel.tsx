import { Message } from '../../../ui/Message';
import { NotificationSettingsPanel } from '../notifications/NotificationSettingsPanel';
import { loadFailureText } from '../shared/notice';
import { SettingsCard, SettingsLoading } from '../shared/SettingsCard';
import { EmailSettingsForm } from './EmailSettingsForm';
import { useGetEmailSettingsQuery } from './emailSettingsApi';
import { MailRouteNotice } from './MailRouteNotice';

/** Email Settings: the mail server used for outgoing mail, then the notification settings. */
export function EmailSettingsPanel() {
  const { data, error, isLoading } = useGetEmailSettingsQuery();
  return (
    <div className="settings-stack">
      <SettingsCard
        title="Email Settings"
        description="The mail server that sends invoices, invitations and notifications. Send a test before saving."
      >
        {isLoading && <SettingsLoading what="email settings" />}
        {error && <Message text={loadFailureText('Error loading email settings', error)} />}
        {data && <MailRouteNotice route={data.mail_route} />}
        {data && <EmailSettingsForm initial={data.settings} passwordStored={data.settings.smtp_password_set} />}
      </SettingsCard>
      <NotificationSettingsPanel />
    </div>
  );
}

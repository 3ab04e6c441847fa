import { Message } from '../../../ui/Message';
import { loadFailureText } from '../shared/notice';
import { SettingsCard, SettingsLoading } from '../shared/SettingsCard';
import { NotificationSettingsForm } from './NotificationSettingsForm';
import { useGetNotificationSettingsQuery } from './notificationSettingsApi';

export function NotificationSettingsPanel() {
  const { data, error, isLoading } = useGetNotificationSettingsQuery();
  return (
    <SettingsCard
      title="Notification Settings"
      description="Which events send an email or raise a dashboard alert, and the thresholds that trigger them."
    >
      {isLoading && <SettingsLoading what="notification settings" />}
      {error && <Message text={loadFailureText('Error loading notification settings', error)} />}
      {data && <NotificationSettingsForm initial={data} />}
    </SettingsCard>
  );
}

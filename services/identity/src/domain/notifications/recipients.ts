import type { NotificationSettings } from '@portal/contracts';

/** The notification settings' switches, one per kind of notice (001 §3). */
export type NotificationSwitch = {
  [K in keyof NotificationSettings]: NotificationSettings[K] extends boolean
    ? K extends `notify_${string}`
      ? K
      : never
    : never;
}[keyof NotificationSettings];

/**
 * Who receives an admin notice of the kind `which` (001 §3): nobody while email notifications or that kind
 * are off; else the notification email, or every active admin when it is blank. (The Email Settings'
 * notifications_enabled is the mail sender's own gate: sendProductMail drops 'notification' mail while off.)
 */
export function adminNoticeRecipients(
  settings: NotificationSettings,
  which: NotificationSwitch,
  admins: readonly string[],
): string[] {
  if (!settings.email_notifications_enabled || !settings[which]) return [];
  const to = settings.notification_email.trim();
  return to ? [to] : [...admins];
}

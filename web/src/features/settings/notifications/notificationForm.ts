import type { NotificationSettings } from '@portal/contracts';

type Switch = {
  [K in keyof NotificationSettings]: NotificationSettings[K] extends boolean ? K : never;
}[keyof NotificationSettings];

export interface SwitchGroup {
  legend: string;
  /** the group's master switch, shown first */
  master: { key: Switch; label: string; description: string };
  switches: readonly { key: Switch; label: string }[];
}

/** The spec's notification fields, grouped as an admin thinks of them. */
export const SWITCH_GROUPS: readonly SwitchGroup[] = [
  {
    legend: 'Email notifications',
    master: {
      key: 'email_notifications_enabled',
      label: 'Email notifications',
      description: 'Send the notifications below to the notification email.',
    },
    switches: [
      { key: 'notify_new_dealer_applications', label: 'New dealer applications' },
      { key: 'notify_new_dealers', label: 'New dealers' },
      { key: 'notify_new_orders', label: 'New orders' },
      { key: 'notify_order_updates', label: 'Order updates' },
      { key: 'notify_order_status_changes', label: 'Order status changes' },
      { key: 'notify_large_orders', label: 'Large orders (over the threshold)' },
      { key: 'notify_revenue_milestones', label: 'Revenue milestones (over the threshold)' },
      { key: 'notify_performance_updates', label: 'Dealer performance updates' },
      { key: 'notify_low_inventory', label: 'Low inventory (a tracked product falls to its low-stock level)' },
      { key: 'notify_system_errors', label: 'System errors' },
      { key: 'notify_daily_reports', label: 'Daily report' },
    ],
  },
  {
    legend: 'Dashboard alerts',
    master: {
      key: 'dashboard_alerts_enabled',
      label: 'Dashboard alerts',
      description: 'Show alerts on the admin dashboard.',
    },
    switches: [
      { key: 'alert_low_inventory', label: 'Low inventory (products at or below their low-stock level)' },
      { key: 'alert_pending_approvals', label: 'Pending approvals' },
      { key: 'alert_performance_milestones', label: 'Performance milestones' },
    ],
  },
];

/** The form keeps what is typed: thresholds as text until sent. */
export interface NotificationForm extends Omit<NotificationSettings, 'large_order_threshold' | 'revenue_threshold'> {
  large_order_threshold: string;
  revenue_threshold: string;
}

export function notificationFormOf(settings: NotificationSettings): NotificationForm {
  return {
    ...settings,
    large_order_threshold: String(settings.large_order_threshold),
    revenue_threshold: String(settings.revenue_threshold),
  };
}

/** The settings to send; a blank threshold becomes NaN so the contract answers its "must be a number". */
export function notificationSettingsOf(form: NotificationForm): NotificationSettings {
  return {
    ...form,
    large_order_threshold: amount(form.large_order_threshold),
    revenue_threshold: amount(form.revenue_threshold),
  };
}

function amount(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

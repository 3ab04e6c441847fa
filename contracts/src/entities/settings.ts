import { z } from 'zod';
import { DEFAULT_ZONES } from './dealer';

export const CompanySettings = z.object({
  company_name: z.string(),
  business_type: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string().describe('at most 2 characters'),
  zip_code: z.string(),
  /** where Apply Now sends a visitor; '' opens the portal's own application page */
  dealer_application_url: z.string(),
});
export type CompanySettings = z.infer<typeof CompanySettings>;

export const SYSTEM_TIMEZONES = [
  'America/Chicago',
  'America/New_York',
  'America/Denver',
  'America/Los_Angeles',
] as const;
export const SystemTimezone = z.enum(SYSTEM_TIMEZONES);
export type SystemTimezone = z.infer<typeof SystemTimezone>;

export const SystemConfiguration = z.object({
  system_timezone: SystemTimezone,
  maintenance_mode: z.boolean(),
  zones: z.array(z.string()).min(1),
  /** admins must sign in with a second factor (issue 23); an admin without one enrols while signing in */
  require_admin_mfa: z.boolean(),
  /** issue 24: the payment terms of a dealer without its own (an order is due this many days after confirmation) */
  default_payment_terms_days: z.number().int().min(0).max(365),
});
export type SystemConfiguration = z.infer<typeof SystemConfiguration>;

/** What dealers and delivery users are told when maintenance mode refuses their sign-in or change (503). */
export const MAINTENANCE_DETAIL = 'The portal is under maintenance. Please try again later.';

export const DEFAULT_SYSTEM_CONFIGURATION: SystemConfiguration = {
  system_timezone: 'America/Chicago',
  maintenance_mode: false,
  zones: [...DEFAULT_ZONES],
  require_admin_mfa: false,
  default_payment_terms_days: 30,
};

export const SMTP_PORTS = [587, 465, 25] as const;
export const SmtpPort = z.union(
  SMTP_PORTS.map((port) => z.literal(port)),
  { error: 'Error: SMTP port must be 587, 465 or 25' },
);

/** Email settings as answered: the SMTP password is never returned, only whether one is stored. */
export const EmailSettings = z
  .object({
    smtp_server: z.string(),
    smtp_port: SmtpPort,
    smtp_username: z.string(),
    smtp_password_set: z.boolean(),
    sender_name: z.string(),
    sender_email: z.string(),
    use_ssl: z.boolean(),
    notifications_enabled: z.boolean(),
  })
  .describe('Shape not shown in the spec: the stored settings minus the password');
export type EmailSettings = z.infer<typeof EmailSettings>;

export const NotificationSettings = z.object({
  email_notifications_enabled: z.boolean(),
  notify_new_dealer_applications: z.boolean(),
  notify_large_orders: z.boolean(),
  notify_system_errors: z.boolean(),
  notify_order_status_changes: z.boolean(),
  notify_daily_reports: z.boolean(),
  large_order_threshold: z.number().nonnegative().describe('US dollars'),
  dashboard_alerts_enabled: z.boolean(),
  alert_low_inventory: z.boolean(),
  alert_pending_approvals: z.boolean(),
  alert_performance_milestones: z.boolean(),
  daily_report_time: z.string().regex(/^\d{2}:\d{2}$/),
  notification_email: z.string(),
  notify_new_orders: z.boolean(),
  notify_order_updates: z.boolean(),
  notify_new_dealers: z.boolean(),
  notify_low_inventory: z.boolean(),
  revenue_threshold: z.number().nonnegative().describe('US dollars'),
  notify_revenue_milestones: z.boolean(),
  notify_performance_updates: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** Defaults: the spec fixes the thresholds (1000) and the report time (08:00); the switches start on. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email_notifications_enabled: true,
  notify_new_dealer_applications: true,
  notify_large_orders: true,
  notify_system_errors: true,
  notify_order_status_changes: true,
  notify_daily_reports: false,
  large_order_threshold: 1000,
  dashboard_alerts_enabled: true,
  alert_low_inventory: true,
  alert_pending_approvals: true,
  alert_performance_milestones: true,
  daily_report_time: '08:00',
  notification_email: '',
  notify_new_orders: true,
  notify_order_updates: true,
  notify_new_dealers: true,
  notify_low_inventory: true,
  revenue_threshold: 1000,
  notify_revenue_milestones: true,
  notify_performance_updates: true,
};

/** Where product mail (invitations, invoices, notices) goes now, for the Email Settings screen. */
export const MailRoute = z
  .object({
    kind: z.enum(['saved_smtp', 'environment_smtp', 'file_outbox']),
    description: z.string(),
  })
  .describe(
    'saved_smtp: the SMTP server saved under Email Settings; environment_smtp: none saved, the SMTP server the portal was started with; file_outbox: no SMTP anywhere, mail is written to files',
  );
export type MailRoute = z.infer<typeof MailRoute>;

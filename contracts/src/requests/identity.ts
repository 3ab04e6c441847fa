import { z } from 'zod';
import { Email, UsState } from '../common';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, StaffRole } from '../entities/identity';
import { SmtpPort, SystemTimezone } from '../entities/settings';
import { OptionalEmail, optionalText, requiredText, storableString } from '../fields';
import { commaListOf, listQuery, SearchParam } from '../list-query';
import { DEFAULT_PAYMENT_TERMS_PROBLEM } from '../values';

const Password = storableString().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(1024);

/** An email that must be present: blank answers `message`, a malformed one the Email message. */
function requiredEmail(message: string) {
  return requiredText(message, 254).pipe(Email);
}

export const UpdateProfileRequest = z
  .object({
    full_name: requiredText('Error: Full name and email are required'),
    email: requiredEmail('Error: Full name and email are required'),
    /** needed to set a new password or to change the email; compared exactly as typed (spaces included) */
    current_password: storableString().max(1024).optional(),
    new_password: Password.optional(),
    /** checked when sent: the profile form's confirmation of new_password */
    confirm_password: storableString().max(1024).optional(),
    /** with a new password: end every other session of the user (the caller's goes on with the new token) */
    end_other_sessions: z.boolean({ error: 'end_other_sessions must be true or false' }).default(true),
  })
  // no path: the spec's message is answered as the detail, verbatim
  .refine((body) => body.confirm_password === undefined || body.confirm_password === body.new_password, {
    message: 'New passwords do not match',
  })
  // a password of only spaces set before must still be accepted: only an empty one is missing
  .refine((body) => body.new_password === undefined || (body.current_password ?? '') !== '', {
    message: 'Error: Current password is required to set a new password',
    path: ['current_password'],
  });

const FILL_REQUIRED = 'Error: Please fill in all required fields';
export const CreateAdminUserRequest = z.object({
  email: requiredEmail(FILL_REQUIRED),
  full_name: requiredText(FILL_REQUIRED),
  role: StaffRole.default('admin'),
});

export const CreateDealerLoginRequest = z.object({
  email: requiredEmail('Error: Email is required'),
  password: Password,
  full_name: optionalText(),
});

/** A blank password keeps the current one. */
export const UpdateDealerLoginRequest = z.object({
  email: requiredEmail('Error: Email is required'),
  password: z.union([z.literal(''), Password]).optional(),
});

export const SendLoginInvitationRequest = z.object({
  email: requiredEmail('Error: Email is required'),
  business_name: optionalText(),
  full_name: optionalText(),
});

const INVALID_INVITATION = 'Error: Invalid invitation link. Please contact support.';
const InvitationToken = requiredText(INVALID_INVITATION, 512);

export const VerifyInvitationQuery = z.object({ token: InvitationToken });

export const CompleteSignupRequest = z.object({
  token: InvitationToken,
  password: storableString({ error: PASSWORD_TOO_SHORT }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(1024),
  full_name: requiredText('Error: Full name is required'),
  phone: optionalText(40),
});

/**
 * The external page Apply Now opens (blank: the portal's own application page). Only an absolute http(s)
 * address: it becomes a link on the public landing page.
 */
const ApplicationUrl = storableString()
  .trim()
  .max(500, 'Error: Dealer application URL must be at most 500 characters')
  .refine(
    (value) => value === '' || isHttpUrl(value),
    'Error: Dealer application URL must start with https:// or http://',
  )
  .optional();

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

const COMPANY_REQUIRED = 'Error: Company name and email are required';
export const CompanySettingsRequest = z.object({
  company_name: requiredText(COMPANY_REQUIRED),
  business_type: optionalText(),
  email: requiredEmail(COMPANY_REQUIRED),
  phone: optionalText(40),
  address: optionalText(),
  city: optionalText(100),
  state: UsState.optional(),
  zip_code: optionalText(20),
  dealer_application_url: ApplicationUrl,
});

const Threshold = z
  .number({ error: 'Error: Threshold must be a number' })
  .nonnegative('Error: Threshold must not be negative')
  .max(1_000_000_000);
/** Every field optional: the ones sent replace the stored values, the others keep theirs. */
export const NotificationSettingsRequest = z
  .object({
    email_notifications_enabled: z.boolean(),
    notify_new_dealer_applications: z.boolean(),
    notify_large_orders: z.boolean(),
    notify_system_errors: z.boolean(),
    notify_order_status_changes: z.boolean(),
    notify_daily_reports: z.boolean(),
    large_order_threshold: Threshold,
    dashboard_alerts_enabled: z.boolean(),
    alert_low_inventory: z.boolean(),
    alert_pending_approvals: z.boolean(),
    alert_performance_milestones: z.boolean(),
    daily_report_time: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Error: Daily report time must be HH:MM (00:00 to 23:59)'),
    notification_email: OptionalEmail,
    notify_new_orders: z.boolean(),
    notify_order_updates: z.boolean(),
    notify_new_dealers: z.boolean(),
    notify_low_inventory: z.boolean(),
    revenue_threshold: Threshold,
    notify_revenue_milestones: z.boolean(),
    notify_performance_updates: z.boolean(),
  })
  .partial();

const ZoneName = requiredText('Error: Zone name is required', 100);
/** Zone names compare without regard to case: 'eastern zone' already exists when 'Eastern Zone' does. */
const zoneKey = (zone: string) => zone.toLowerCase();
export const SystemConfigurationRequest = z.object({
  system_timezone: SystemTimezone.optional(),
  maintenance_mode: z.boolean().optional(),
  require_admin_mfa: z.boolean().optional(),
  default_payment_terms_days: z
    .number({ error: `Error: ${DEFAULT_PAYMENT_TERMS_PROBLEM}` })
    .int(`Error: ${DEFAULT_PAYMENT_TERMS_PROBLEM}`)
    .min(0, `Error: ${DEFAULT_PAYMENT_TERMS_PROBLEM}`)
    .max(365, `Error: ${DEFAULT_PAYMENT_TERMS_PROBLEM}`)
    .optional(),
  zones: z
    .array(ZoneName, { error: 'Error: At least one zone must remain' })
    .min(1, 'Error: At least one zone must remain')
    .max(100)
    .refine((zones) => new Set(zones.map(zoneKey)).size === zones.length, 'Error: Zone already exists')
    .optional(),
  /** the spec has no write endpoint for notification settings: they are saved here (GET /api/admin/notification-settings reads them) */
  notification_settings: NotificationSettingsRequest.optional(),
});

/**
 * A blank or absent smtp_password keeps the stored one, unless smtp_server or smtp_username changes. A blank
 * smtp_server means none: mail goes back to the environment's SMTP server, else the file outbox.
 */
export const EmailSettingsRequest = z.object({
  smtp_server: storableString({ error: 'Error: SMTP server is required' }).trim().max(253),
  smtp_port: SmtpPort,
  smtp_username: optionalText(254),
  smtp_password: storableString().max(1024).optional(),
  sender_name: optionalText(),
  sender_email: requiredEmail('Error: Sender email is required'),
  use_ssl: z.boolean().default(false),
  notifications_enabled: z.boolean().default(true),
});

export const TestEmailRequest = EmailSettingsRequest.extend({
  smtp_server: requiredText('Error: SMTP server is required', 253),
  test_recipient: Email.optional().describe('where the test mail goes; defaults to the signed-in admin'),
});

/** The admin and delivery users' query: oldest first by default; see list-query. */
export const StaffUserListQuery = listQuery({
  sorts: ['created_at', 'email', 'full_name', 'role'],
  filters: {
    q: SearchParam.describe('name or email'),
    role: commaListOf(['admin', 'delivery'] as const satisfies readonly z.infer<typeof StaffRole>[]),
  },
});
export type StaffUserListQuery = z.infer<typeof StaffUserListQuery>;

import { z } from 'zod';
import { Email, Ok } from '../common';
import { access, endpoint, ROLES } from '../endpoint';
import { AdminUser, DealerLogin, InvitationDealerInfo } from '../entities/identity';
import {
  CompanySettings,
  EmailSettings,
  MailRoute,
  NotificationSettings,
  SystemConfiguration,
  SystemTimezone,
} from '../entities/settings';
import { idParams } from '../fields';
import { pageable } from '../list-query';
import {
  CompanySettingsRequest,
  CompleteSignupRequest,
  CreateAdminUserRequest,
  CreateDealerLoginRequest,
  EmailSettingsRequest,
  SendLoginInvitationRequest,
  StaffUserListQuery,
  SystemConfigurationRequest,
  TestEmailRequest,
  UpdateDealerLoginRequest,
  UpdateProfileRequest,
  VerifyInvitationQuery,
} from '../requests/identity';
import { LoginMfaChallenge, trustEndpoints } from './trust';

export const SessionUser = z.object({
  email: z.string(),
  full_name: z.string(),
  role: z.enum(ROLES),
  /** set for dealers: the dealer record this login belongs to */
  dealer_id: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const LoginRequest = z.object({
  email: Email,
  password: z.string().min(1, 'Password is required').max(1024),
});
export const LoginResponse = z.object({
  success: z.literal(true),
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().positive(),
  user: SessionUser,
});

const owner = 'identity' as const;
const dealerIdParams = idParams('dealer_id');
const CompanySettingsResponse = Ok.extend({ settings: CompanySettings });
const PublicCompanySettingsResponse = CompanySettingsResponse.extend({
  maintenance_mode: z.boolean().describe('while true, dealers and delivery users cannot sign in or make changes'),
  system_timezone: SystemTimezone.describe('the timezone every date is shown and counted in'),
});
const SystemConfigurationResponse = Ok.extend({ configuration: SystemConfiguration });
const EmailSettingsResponse = Ok.extend({ settings: EmailSettings, mail_route: MailRoute }).describe(
  'Shape not shown in the spec: the stored settings, never the SMTP password, and where mail goes now',
);

export const identityEndpoints = {
  'auth.login': endpoint({
    id: 'auth.login',
    method: 'POST',
    path: '/api/auth/login',
    owner,
    access: access.public,
    summary:
      'Sign in with email and password; answers a bearer token and the session user, or, for a staff user with two-factor sign-in, an mfa_token for login-mfa',
    body: LoginRequest,
    response: z.union([LoginResponse, LoginMfaChallenge]),
    noStore: true,
  }),
  ...trustEndpoints,
  'auth.logout': endpoint({
    id: 'auth.logout',
    method: 'POST',
    path: '/api/auth/logout',
    owner,
    access: access.any,
    summary: "Sign out: the caller's session ends, and with it every token of that session, on every service",
    response: Ok.extend({ success: z.literal(true), message: z.literal('Signed out') }),
    beyondSpec: true,
  }),
  'user.updateProfile': endpoint({
    id: 'user.updateProfile',
    method: 'POST',
    path: '/api/user/update-profile',
    owner,
    access: access.any,
    summary:
      "Update the signed-in user's name, and with the current password the password or the email (a new email is mailed a link and changes once confirmed)",
    body: UpdateProfileRequest,
    response: Ok.extend({
      user: SessionUser,
      pending_email: z
        .string()
        .optional()
        .describe('a new email waiting for its confirmation link (the sign-in email is unchanged until then)'),
      access_token: z
        .string()
        .optional()
        .describe("after a password change: the caller's new token (every earlier token of the user has ended)"),
    }),
  }),
  'admin.users': endpoint({
    id: 'admin.users',
    method: 'GET',
    path: '/api/admin/users',
    owner,
    access: access.roles('admin'),
    summary: 'List the admin and delivery users, oldest first; with limit, one page',
    query: StaffUserListQuery,
    response: pageable(Ok.extend({ users: z.array(AdminUser) })),
  }),
  'admin.createAdminUser': endpoint({
    id: 'admin.createAdminUser',
    method: 'POST',
    path: '/api/admin/create-admin-user',
    owner,
    access: access.roles('admin'),
    summary: 'Create an admin or delivery user; answers a temporary password to share',
    body: CreateAdminUserRequest,
    response: Ok.extend({ user: AdminUser, temporary_password: z.string() }),
  }),
  'admin.deleteAdminUser': endpoint({
    id: 'admin.deleteAdminUser',
    method: 'DELETE',
    path: '/api/admin/delete-admin-user/{email}',
    owner,
    access: access.roles('admin'),
    summary: 'Delete an admin or delivery user by email',
    params: z.object({ email: Email }),
    response: Ok,
  }),
  'admin.dealerLoginInfo': endpoint({
    id: 'admin.dealerLoginInfo',
    method: 'GET',
    path: '/api/admin/dealer-login-info/{dealer_id}',
    owner,
    access: access.roles('admin'),
    summary: "A dealer's login (email, last login, active), or null when none exists",
    params: dealerIdParams,
    response: Ok.extend({ login_info: DealerLogin.nullable() }),
  }),
  'admin.createDealerLogin': endpoint({
    id: 'admin.createDealerLogin',
    method: 'POST',
    path: '/api/admin/create-dealer-login/{dealer_id}',
    owner,
    access: access.roles('admin'),
    summary: 'Create login credentials for a dealer with a password chosen by the admin',
    params: dealerIdParams,
    body: CreateDealerLoginRequest,
    response: Ok.extend({ login_info: DealerLogin }),
  }),
  'admin.updateDealerLogin': endpoint({
    id: 'admin.updateDealerLogin',
    method: 'PUT',
    path: '/api/admin/update-dealer-login/{dealer_id}',
    owner,
    access: access.roles('admin'),
    summary: "Change a dealer's login email and, when given, its password",
    params: dealerIdParams,
    body: UpdateDealerLoginRequest,
    response: Ok.extend({ login_info: DealerLogin }),
  }),
  'admin.sendLoginInvitation': endpoint({
    id: 'admin.sendLoginInvitation',
    method: 'POST',
    path: '/api/admin/send-login-invitation/{dealer_id}',
    owner,
    access: access.roles('admin'),
    summary: 'Email a dealer an invitation link to set up its own login',
    params: dealerIdParams,
    body: SendLoginInvitationRequest,
    response: Ok,
  }),
  'admin.deleteDealerLogin': endpoint({
    id: 'admin.deleteDealerLogin',
    method: 'DELETE',
    path: '/api/admin/delete-dealer-login/{dealer_id}',
    owner,
    access: access.roles('admin'),
    summary: "Delete a dealer's login credentials",
    params: dealerIdParams,
    response: Ok,
  }),
  'dealer.verifyInvitation': endpoint({
    id: 'dealer.verifyInvitation',
    method: 'GET',
    path: '/api/dealer/verify-invitation',
    owner,
    access: access.public,
    summary: "Check an invitation token; answers the invited dealer's name and phone",
    query: VerifyInvitationQuery,
    response: Ok.extend({ dealer_info: InvitationDealerInfo, email: z.string() }),
    noStore: true,
  }),
  'dealer.completeSignup': endpoint({
    id: 'dealer.completeSignup',
    method: 'POST',
    path: '/api/dealer/complete-signup',
    owner,
    access: access.public,
    summary: 'Accept an invitation: set the password and create the dealer login',
    body: CompleteSignupRequest,
    response: Ok,
    noStore: true,
  }),
  'public.companySettings': endpoint({
    id: 'public.companySettings',
    method: 'GET',
    path: '/api/public/company-settings',
    owner,
    access: access.public,
    summary:
      "The manufacturer's company details shown on invoices and pages, and whether the portal is under maintenance",
    response: PublicCompanySettingsResponse,
  }),
  'admin.companySettings': endpoint({
    id: 'admin.companySettings',
    method: 'GET',
    path: '/api/admin/company-settings',
    owner,
    access: access.roles('admin'),
    summary: 'Read the company settings for editing',
    response: CompanySettingsResponse,
  }),
  'admin.updateCompanySettings': endpoint({
    id: 'admin.updateCompanySettings',
    method: 'PUT',
    path: '/api/admin/company-settings',
    owner,
    access: access.roles('admin'),
    summary: 'Save the company settings',
    body: CompanySettingsRequest,
    response: CompanySettingsResponse,
  }),
  'admin.systemConfiguration': endpoint({
    id: 'admin.systemConfiguration',
    method: 'GET',
    path: '/api/admin/system-configuration',
    owner,
    access: access.roles('admin'),
    summary: 'Read the system configuration: timezone, maintenance mode and dealer zones',
    response: SystemConfigurationResponse,
  }),
  'admin.saveSystemConfiguration': endpoint({
    id: 'admin.saveSystemConfiguration',
    method: 'POST',
    path: '/api/admin/system-configuration',
    owner,
    access: access.roles('admin'),
    summary:
      'Save the system configuration (and the notification settings, which have no endpoint of their own); fields left out keep their value',
    body: SystemConfigurationRequest,
    response: SystemConfigurationResponse,
  }),
  'admin.notificationSettings': endpoint({
    id: 'admin.notificationSettings',
    method: 'GET',
    path: '/api/admin/notification-settings',
    owner,
    access: access.roles('admin'),
    summary: 'Read the notification settings (defaults until saved)',
    response: Ok.extend({ settings: NotificationSettings }),
  }),
  'admin.emailSettings': endpoint({
    id: 'admin.emailSettings',
    method: 'GET',
    path: '/api/admin/email-settings',
    owner,
    access: access.roles('admin'),
    summary: 'Read the SMTP settings used for outgoing mail (without the password)',
    response: EmailSettingsResponse,
  }),
  'admin.saveEmailSettings': endpoint({
    id: 'admin.saveEmailSettings',
    method: 'POST',
    path: '/api/admin/email-settings',
    owner,
    access: access.roles('admin'),
    summary:
      'Save the SMTP settings; the password is stored encrypted. A blank password keeps the stored one while server and username are unchanged',
    body: EmailSettingsRequest,
    response: EmailSettingsResponse,
  }),
  'admin.testEmail': endpoint({
    id: 'admin.testEmail',
    method: 'POST',
    path: '/api/admin/test-email',
    owner,
    access: access.roles('admin'),
    summary:
      "Send a test mail with the given SMTP settings (a blank password uses the stored one for the same server and username); a failure answers 400 'Email test failed: <reason>'",
    body: TestEmailRequest,
    response: Ok,
  }),
} as const;

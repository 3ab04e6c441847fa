import { z } from 'zod';
import { Email, Ok } from '../common';
import { access, endpoint, ROLES } from '../endpoint';
import { AuditRecord } from '../events/domain-events';
import { storableString } from '../fields';
import { DateParam, listQuery, pageable } from '../list-query';
import { AUDIT_ENTITIES } from '../values';

/**
 * Issue 23's endpoints (identity owns them): the audit log, two-factor sign-in for staff, the caller's
 * sessions and the confirmation of a changed sign-in email. Spread into identityEndpoints.
 */

const owner = 'identity' as const;

/** One entry of the audit log as answered: the recorded change plus its place in the log. */
export const AuditLogEntry = AuditRecord.extend({
  /** the entry's position in the log (its chain order) */
  id: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

export const AuditLogQuery = listQuery({
  sorts: ['at'],
  filters: {
    entity: z.enum(AUDIT_ENTITIES, { message: `must be one of ${AUDIT_ENTITIES.join(', ')}` }),
    entity_id: storableString().trim().min(1).max(200),
    actor: storableString().trim().min(1).max(254).describe("the actor's email"),
    from: DateParam.describe('first day, counted in the system timezone'),
    to: DateParam.describe('last day (inclusive), counted in the system timezone'),
  },
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/** A TOTP code (6 digits) or a recovery code, as typed: spaces and dashes are the client's to keep or drop. */
const MfaCode = storableString({ error: 'Enter the code from your authenticator app or a recovery code' })
  .trim()
  .min(1, 'Enter the code from your authenticator app or a recovery code')
  .max(64, 'Enter the code from your authenticator app or a recovery code');
const MfaToken = storableString({ error: 'Your sign-in has expired. Please sign in again.' })
  .min(1, 'Your sign-in has expired. Please sign in again.')
  .max(2000, 'Your sign-in has expired. Please sign in again.');

/** What the first step of a staff sign-in answers when a second factor is needed (no access token yet). */
export const LoginMfaChallenge = z.object({
  success: z.literal(true),
  mfa_required: z.literal(true),
  /** short-lived proof of the password step, for login-mfa (or the enrolment pair while enrollment is required) */
  mfa_token: z.string(),
  /** the company requires two-factor sign-in of admins and this admin has none yet: enrol before signing in */
  mfa_enrollment_required: z.boolean(),
});
export type LoginMfaChallenge = z.infer<typeof LoginMfaChallenge>;

export const MfaSetupResponse = Ok.extend({
  /** base32 secret, for typing into an authenticator app */
  secret: z.string(),
  /** otpauth://totp/… URI, for the QR code */
  otpauth_url: z.string(),
});

export const UserSession = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip_address: z.string().nullable(),
  /** the browser and system as read from the User-Agent ("Chrome on macOS"), null when unknown */
  browser: z.string().nullable(),
  /** the session of the token that asked */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSession>;

const emailParams = z.object({ email: Email });

export const trustEndpoints = {
  'admin.auditLog': endpoint({
    id: 'admin.auditLog',
    method: 'GET',
    path: '/api/admin/audit-log',
    owner,
    access: access.roles('admin'),
    summary:
      'The audit log of privileged changes, newest first, one page at a time (filters: entity, entity_id, actor, from, to)',
    query: AuditLogQuery,
    response: pageable(Ok.extend({ entries: z.array(AuditLogEntry) })),
    beyondSpec: true,
  }),
  'user.mfaStatus': endpoint({
    id: 'user.mfaStatus',
    method: 'GET',
    path: '/api/user/mfa',
    owner,
    access: access.roles('admin', 'delivery'),
    summary: "Whether the caller's two-factor sign-in is on, and whether the company requires it of the caller",
    response: Ok.extend({ enabled: z.boolean(), required: z.boolean() }),
    beyondSpec: true,
  }),
  'user.mfaSetup': endpoint({
    id: 'user.mfaSetup',
    method: 'POST',
    path: '/api/user/mfa/setup',
    owner,
    access: access.roles('admin', 'delivery'),
    summary: 'Start turning on two-factor sign-in: a new TOTP secret, not active until confirmed by enable',
    response: MfaSetupResponse,
    noStore: true,
    beyondSpec: true,
  }),
  'user.mfaEnable': endpoint({
    id: 'user.mfaEnable',
    method: 'POST',
    path: '/api/user/mfa/enable',
    owner,
    access: access.roles('admin', 'delivery'),
    summary:
      'Confirm the secret of setup with a current code: two-factor sign-in is on; answers ten recovery codes once',
    body: z.object({ code: MfaCode }),
    response: Ok.extend({ recovery_codes: z.array(z.string()) }),
    noStore: true,
    beyondSpec: true,
  }),
  'user.mfaDisable': endpoint({
    id: 'user.mfaDisable',
    method: 'POST',
    path: '/api/user/mfa/disable',
    owner,
    access: access.roles('admin', 'delivery'),
    summary: 'Turn two-factor sign-in off (the current password is required)',
    body: z.object({ current_password: storableString().min(1, 'Current password is required').max(1024) }),
    response: Ok,
    beyondSpec: true,
  }),
  'auth.loginMfaSetup': endpoint({
    id: 'auth.loginMfaSetup',
    method: 'POST',
    path: '/api/auth/login-mfa-setup',
    owner,
    access: access.public,
    summary:
      'During a sign-in that requires enrolment (mfa_enrollment_required): a new TOTP secret for the signing-in admin',
    body: z.object({ mfa_token: MfaToken }),
    response: MfaSetupResponse,
    noStore: true,
    beyondSpec: true,
  }),
  'auth.loginMfa': endpoint({
    id: 'auth.loginMfa',
    method: 'POST',
    path: '/api/auth/login-mfa',
    owner,
    access: access.public,
    summary:
      'Second step of a staff sign-in: a TOTP code or a recovery code completes it with the usual sign-in answer (while enrolling, the code confirms the new secret and recovery_codes are added)',
    body: z.object({ mfa_token: MfaToken, code: MfaCode }),
    response: z.object({
      success: z.literal(true),
      access_token: z.string(),
      token_type: z.literal('bearer'),
      expires_in: z.number().int().positive(),
      user: z.object({
        email: z.string(),
        full_name: z.string(),
        role: z.enum(ROLES),
        dealer_id: z.string().nullable(),
      }),
      /** only when this sign-in enrolled the second factor: shown once */
      recovery_codes: z.array(z.string()).optional(),
    }),
    noStore: true,
    beyondSpec: true,
  }),
  'admin.resetUserMfa': endpoint({
    id: 'admin.resetUserMfa',
    method: 'POST',
    path: '/api/admin/reset-user-mfa/{email}',
    owner,
    access: access.roles('admin'),
    summary: "Turn off another staff user's two-factor sign-in (a lost phone); their sessions end",
    params: emailParams,
    response: Ok,
    beyondSpec: true,
  }),
  'user.sessions': endpoint({
    id: 'user.sessions',
    method: 'GET',
    path: '/api/user/sessions',
    owner,
    access: access.any,
    summary: "The caller's signed-in sessions, most recently seen first",
    response: Ok.extend({ sessions: z.array(UserSession) }),
    beyondSpec: true,
  }),
  'user.endSession': endpoint({
    id: 'user.endSession',
    method: 'DELETE',
    path: '/api/user/sessions/{id}',
    owner,
    access: access.any,
    summary: "End one of the caller's sessions (its tokens stop working everywhere)",
    params: z.object({ id: storableString().trim().min(1).max(100) }),
    response: Ok,
    beyondSpec: true,
  }),
  'user.endOtherSessions': endpoint({
    id: 'user.endOtherSessions',
    method: 'POST',
    path: '/api/user/end-other-sessions',
    owner,
    access: access.any,
    summary: 'Sign out everywhere else: end every session of the caller but this one',
    response: Ok.extend({ ended: z.number().int().nonnegative() }),
    beyondSpec: true,
  }),
  'admin.endUserSessions': endpoint({
    id: 'admin.endUserSessions',
    method: 'POST',
    path: '/api/admin/end-user-sessions/{email}',
    owner,
    access: access.roles('admin'),
    summary: 'End every session of another user (staff or dealer login)',
    params: emailParams,
    response: Ok.extend({ ended: z.number().int().nonnegative() }),
    beyondSpec: true,
  }),
  'user.confirmEmailChange': endpoint({
    id: 'user.confirmEmailChange',
    method: 'POST',
    path: '/api/user/confirm-email-change',
    owner,
    access: access.public,
    summary:
      'Confirm a new sign-in email with the token of the link mailed to it; the new email becomes the sign-in email',
    body: z.object({ token: MfaToken.describe('the token of the confirmation link') }),
    response: Ok.extend({ email: z.string() }),
    noStore: true,
    beyondSpec: true,
  }),
} as const;

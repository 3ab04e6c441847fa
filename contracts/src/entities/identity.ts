import { z } from 'zod';
import { IsoDate } from '../common';

/** Roles an admin may give to a staff user. */
export const StaffRole = z.enum(['admin', 'delivery']);

export const AdminUser = z.object({
  email: z.string(),
  full_name: z.string(),
  role: StaffRole,
  created_at: IsoDate,
  created_by: z.string().nullable(),
  /** two-factor sign-in is on (issue 23): an admin can reset it */
  mfa_enabled: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const DealerLogin = z.object({
  email: z.string(),
  last_login: IsoDate.nullable(),
  is_active: z.boolean(),
});
export type DealerLogin = z.infer<typeof DealerLogin>;

/** What an invitation link shows before signup. */
export const InvitationDealerInfo = z.object({
  business_name: z.string().nullable(),
  full_name: z.string().nullable(),
  phone: z.string().nullable(),
});

/** The spec's minimum password length. */
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT = 'Error: Password must be at least 8 characters long';

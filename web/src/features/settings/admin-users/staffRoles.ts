import type { AdminUser } from '@portal/contracts';
import { roleLabel } from '../../../format/role';

export type StaffRole = AdminUser['role'];

/** The roles an admin may give, with the spec's names (Administrator, Delivery User). */
export const STAFF_ROLES: readonly { value: StaffRole; label: string }[] = (['admin', 'delivery'] as const).map(
  (role) => ({ value: role, label: roleLabel(role) }),
);

/** A role chosen in a select (one of STAFF_ROLES). */
export function staffRoleOf(value: string): StaffRole {
  return value === 'delivery' ? 'delivery' : 'admin';
}

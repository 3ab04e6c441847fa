import type { AuditFields } from '@portal/platform';
import type { UserRecord } from '../../data/users';

/**
 * What the audit log compares of a user or dealer login. The password hash is listed under its secret name, so
 * a changed password shows as changed ([redacted]) and its value never enters the log.
 */
export function userAuditFields(user: UserRecord): AuditFields {
  return {
    email: user.email,
    full_name: user.full_name,
    role: user.role,
    dealer_id: user.dealer_id,
    is_active: user.is_active,
    password_hash: user.password_hash,
  };
}

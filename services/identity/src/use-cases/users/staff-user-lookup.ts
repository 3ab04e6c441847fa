import type { StaffUserAnswer } from '@portal/contracts';
import { notFound } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { findUserByEmail } from '../../data/users';

export const STAFF_USER_NOT_FOUND = 'Error: No admin or delivery user has this email';

/**
 * An admin or delivery user by email, active or not, for another service that refers to one (shipping checks a
 * route's driver). A dealer login is not a staff user: it answers 404 like an unknown email.
 */
export async function staffUserByEmail(ctx: IdentityContext, email: string): Promise<StaffUserAnswer['user']> {
  const user = await findUserByEmail(ctx.db.manager, email);
  if (!user || user.role === 'dealer') throw notFound(STAFF_USER_NOT_FOUND);
  return { email: user.email, full_name: user.full_name, role: user.role, is_active: user.is_active };
}

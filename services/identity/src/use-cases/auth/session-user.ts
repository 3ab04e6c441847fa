import type { Role } from '@portal/contracts';
import type { UserRecord } from '../../data/users';

/** The signed-in user as sign-in and update-profile answer it. */
export interface SessionUser {
  email: string;
  full_name: string;
  role: Role;
  dealer_id: string | null;
}

export function sessionUser(user: UserRecord): SessionUser {
  return { email: user.email, full_name: user.full_name, role: user.role, dealer_id: user.dealer_id };
}

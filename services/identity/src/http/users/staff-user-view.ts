import type { AdminUser } from '@portal/contracts';
import type { User } from '../../data/user.entity';

/** An admin or delivery user as the Admin Users list shows it. */
export function staffUserView(user: User): AdminUser {
  if (user.role === 'dealer') throw new Error('a dealer login is not a staff user');
  return {
    email: user.email,
    full_name: user.fullName,
    role: user.role,
    created_at: user.createdAt.toISOString(),
    created_by: user.createdBy,
  };
}

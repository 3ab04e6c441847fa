import type { DealerLogin } from '@portal/contracts';
import { conflict } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { emailTaken, type UserRecord } from '../../data/users';

export const LOGIN_EXISTS = 'Error: This dealer already has a login';
export const NO_LOGIN = 'Error: This dealer has no login';

export function loginInfo(user: UserRecord): DealerLogin {
  return { email: user.email, last_login: user.last_login?.toISOString() ?? null, is_active: user.is_active };
}

/** Every login's email is unique across the portal (admins, delivery, dealers). */
export async function assertEmailFree(manager: EntityManager, email: string, exceptUserId?: string): Promise<void> {
  if (await emailTaken(manager, email, exceptUserId)) {
    throw conflict('Error: This email is already used by another login');
  }
}

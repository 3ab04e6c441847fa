import type { DealerLogin, endpoints } from '@portal/contracts';
import { conflict, type Handler } from '@portal/platform';
import { type EntityManager, Not } from 'typeorm';
import type { IdentityContext } from '../../context';
import { User } from '../../data/user.entity';

export type IdentityHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], IdentityContext>;

export const LOGIN_EXISTS = 'Error: This dealer already has a login';
export const NO_LOGIN = 'Error: This dealer has no login';

export function findDealerLogin(manager: EntityManager, dealerId: string): Promise<User | null> {
  return manager.getRepository(User).findOneBy({ dealerId, role: 'dealer' });
}

export function loginInfo(user: User): DealerLogin {
  return { email: user.email, last_login: user.lastLogin?.toISOString() ?? null, is_active: user.isActive };
}

/** Every login's email is unique across the portal (admins, delivery, dealers). */
export async function assertEmailFree(manager: EntityManager, email: string, exceptUserId?: string): Promise<void> {
  const users = manager.getRepository(User);
  const taken = exceptUserId ? await users.existsBy({ email, id: Not(exceptUserId) }) : await users.existsBy({ email });
  if (taken) throw conflict('Error: This email is already used by another login');
}

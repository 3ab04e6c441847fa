import type { Dealer } from '@portal/contracts';
import { type AuthUser, forbidden } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { findDealer } from '../data/dealers';

/**
 * The signed-in dealer's own record, always from the token's dealer id (never from the request). A token
 * outliving its dealer's archive or deletion gets nothing.
 */
export async function ownDealer(manager: EntityManager, user: AuthUser): Promise<Dealer> {
  const dealer = user.dealerId ? await findDealer(manager, user.dealerId) : null;
  if (!dealer) throw forbidden('Error: No dealer record belongs to this account');
  if (dealer.status !== 'active')
    throw forbidden('Error: This dealer account is not active. Please contact administration.');
  return dealer;
}

import { succeeded } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import { updateOwnProfile } from '../../use-cases/edit-dealer';
import { ownDealer } from '../../use-cases/own-dealer';

/** GET /api/dealer/profile */
export const dealerProfile: DealerHandler<'dealer.profile'> = async ({ user }, ctx) =>
  succeeded({ dealer: await ownDealer(ctx.db.manager, user) });

/** PUT /api/dealer/profile */
export const updateDealerProfile: DealerHandler<'dealer.updateProfile'> = async ({ user, body }, ctx) =>
  succeeded({ message: 'Profile updated successfully!', dealer: await updateOwnProfile(ctx, user, body) });

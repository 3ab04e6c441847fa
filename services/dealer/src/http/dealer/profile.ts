import type { DealerHandler } from '../../context';
import { blankToNull, saveDealerChanges } from '../../data/dealers';
import { ownDealer } from './own-dealer';

/** GET /api/dealer/profile */
export const dealerProfile: DealerHandler<'dealer.profile'> = async ({ user }, ctx) => ({
  success: true as const,
  dealer: await ownDealer(ctx.db.manager, user),
});

/** PUT /api/dealer/profile — choosing the own website takes the generated one offline. */
export const updateDealerProfile: DealerHandler<'dealer.updateProfile'> = async ({ user, body }, ctx) => {
  const current = await ownDealer(ctx.db.manager, user);
  const dealer = await ctx.transaction((manager, emit) =>
    saveDealerChanges(manager, emit, current.dealer_id, {
      business_name: blankToNull(body.business_name),
      full_name: blankToNull(body.full_name),
      phone: blankToNull(body.phone),
      address: blankToNull(body.address),
      city: blankToNull(body.city),
      state: blankToNull(body.state),
      zip_code: blankToNull(body.zip_code),
      website: blankToNull(body.website),
      description: blankToNull(body.description),
      specialties: body.specialties,
      use_own_website: body.use_own_website,
      enable_website: body.use_own_website ? false : undefined,
    }),
  );
  return { success: true as const, message: 'Profile updated successfully!', dealer };
};

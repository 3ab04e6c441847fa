import type { DealerHandler } from '../../context';
import { blankToNull, saveDealerChanges } from '../../data/dealers';

/** PUT /api/admin/update-dealer/{dealer_id} — the admin's edit form. */
export const updateDealer: DealerHandler<'admin.updateDealer'> = async ({ body, params }, ctx) => {
  const dealer = await ctx.transaction((manager, emit) =>
    saveDealerChanges(manager, emit, params.dealer_id, {
      business_name: blankToNull(body.business_name),
      full_name: blankToNull(body.full_name),
      email: body.email,
      phone: blankToNull(body.phone),
      address: blankToNull(body.address),
      city: blankToNull(body.city),
      state: blankToNull(body.state),
      zip_code: blankToNull(body.zip_code),
      website: blankToNull(body.website),
      description: blankToNull(body.description),
      zone: blankToNull(body.zone),
      created_at: body.created_at,
    }),
  );
  return { success: true as const, message: 'Dealer updated successfully!', dealer };
};

import { conflict } from '@portal/platform';
import type { DealerHandler } from '../../context';
import { blankToNull, EMAIL_TAKEN, emailTaken, insertDealer } from '../../data/dealers';
import { newDealerId, temporaryPassword } from '../../domain/dealer-id';
import { createDealerLogin, removeDealerLogin } from '../../identity/identity-client';

/**
 * POST /api/admin/create-dealer — the dealer and its login, both or neither: the login is created first in
 * identity (under the new dealer id, with a temporary password the admin shares), then the dealer row; if
 * that fails the login is removed again.
 */
export const createDealer: DealerHandler<'admin.createDealer'> = async ({ body, user, req }, ctx) => {
  const email = body.email as string; // required by the request schema
  if (await emailTaken(ctx.db.manager, email)) throw conflict(EMAIL_TAKEN);
  const dealerId = newDealerId();
  const password = temporaryPassword();
  const authorization = req.header('authorization') as string;
  await createDealerLogin(ctx, {
    dealerId,
    email,
    password,
    fullName: body.full_name || body.business_name,
    authorization,
  });
  try {
    const dealer = await ctx.transaction((manager, emit) =>
      insertDealer(manager, emit, {
        dealer_id: dealerId,
        business_name: blankToNull(body.business_name) ?? null,
        full_name: blankToNull(body.full_name) ?? null,
        email,
        phone: blankToNull(body.phone) ?? null,
        address: blankToNull(body.address) ?? null,
        city: blankToNull(body.city) ?? null,
        state: blankToNull(body.state) ?? null,
        zip_code: blankToNull(body.zip_code) ?? null,
        website: blankToNull(body.website) ?? null,
        zone: blankToNull(body.zone) ?? null,
        use_own_website: body.use_own_website,
      }),
    );
    ctx.logger.info({ dealerId, by: user.email }, 'dealer created');
    return {
      success: true as const,
      message: 'Dealer created successfully!',
      dealer_id: dealerId,
      dealer,
      temporary_password: password,
    };
  } catch (err) {
    await removeDealerLogin(ctx, dealerId, authorization);
    throw err;
  }
};

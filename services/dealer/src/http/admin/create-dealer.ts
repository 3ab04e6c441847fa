import type { DealerHandler } from '../../context';
import { createDealer as createDealerAndLogin } from '../../use-cases/create-dealer';

/** POST /api/admin/create-dealer — the dealer and its login; the temporary password is answered once. */
export const createDealer: DealerHandler<'admin.createDealer'> = async ({ body, user, req }, ctx) => {
  const created = await createDealerAndLogin(ctx, body, {
    email: user.email,
    // identity checks the admin's own token like any other call
    authorization: req.header('authorization') ?? '',
  });
  return {
    success: true as const,
    message: 'Dealer created successfully!',
    dealer_id: created.dealer.dealer_id,
    dealer: created.dealer,
    temporary_password: created.temporaryPassword,
  };
};

import { succeeded } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import { createDealerWithLogin } from '../../use-cases/create-dealer';

/** POST /api/admin/create-dealer — the dealer and its login; the temporary password is answered once. */
export const createDealer: DealerHandler<'admin.createDealer'> = async ({ body, user, req }, ctx) => {
  const created = await createDealerWithLogin(ctx, body, {
    email: user.email,
    // identity checks the admin's own token like any other call
    authorization: req.header('authorization') ?? '',
  });
  return succeeded({
    message: 'Dealer created successfully!',
    dealer_id: created.dealer.dealer_id,
    dealer: created.dealer,
    temporary_password: created.temporaryPassword,
  });
};

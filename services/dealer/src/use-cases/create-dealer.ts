import type { CreateDealerRequest, Dealer } from '@portal/contracts';
import { conflict, recordAudit, temporaryPassword } from '@portal/platform';
import type { z } from 'zod';
import type { DealerContext } from '../context';
import { EMAIL_TAKEN, emailTaken, insertDealer } from '../data/dealers';
import { newDealerId } from '../domain/dealer-id';
import { createDealerLogin, removeDealerLogin } from '../identity/identity-client';
import { configuredZoneOf } from './zone-check';

export interface CreatedDealer {
  dealer: Dealer;
  temporaryPassword: string;
}

/**
 * The dealer and its login, both or neither: the login is created first in identity (under the new dealer id,
 * with a temporary password the admin shares), then the dealer row. If anything fails after identity answered,
 * the login is removed again here; if this process dies in between, identity's reconcile removes a login whose
 * dealer.created never comes (and a retried create-login for the same dealer id is idempotent there).
 */
export async function createDealerWithLogin(
  ctx: DealerContext,
  form: z.output<typeof CreateDealerRequest>,
  admin: { email: string; authorization: string },
): Promise<CreatedDealer> {
  const { use_own_website, ...fields } = form;
  const zone = await configuredZoneOf(ctx.db.manager, fields.zone);
  if (await emailTaken(ctx.db.manager, fields.email)) throw conflict(EMAIL_TAKEN);
  const dealerId = newDealerId();
  const password = temporaryPassword();
  await createDealerLogin(ctx, {
    dealerId,
    email: fields.email,
    password,
    fullName: fields.full_name ?? fields.business_name ?? undefined,
    authorization: admin.authorization,
  });
  try {
    const dealer = await ctx.transaction(async (manager, emit) => {
      const created = await insertDealer(manager, emit, { ...fields, zone, dealer_id: dealerId, use_own_website });
      await recordAudit(emit, { action: 'dealer.created', entity: 'dealer', entity_id: dealerId, after: created });
      return created;
    });
    ctx.logger.info({ dealerId, by: admin.email }, 'dealer created');
    return { dealer, temporaryPassword: password };
  } catch (err) {
    await removeDealerLogin(ctx, dealerId, admin.authorization);
    throw err;
  }
}

import type { Dealer, DealerProfileRequest, UpdateDealerRequest } from '@portal/contracts';
import type { AuthUser } from '@portal/platform';
import type { z } from 'zod';
import type { DealerContext } from '../context';
import { saveDealerChanges } from '../data/dealers';
import { updateZones } from '../data/zone-updates';
import { ownDealer } from './own-dealer';
import { configuredZoneOf } from './zone-check';

/** The admin's edit form; a zone must be a configured one. */
export async function editDealer(
  ctx: DealerContext,
  dealerId: string,
  form: z.output<typeof UpdateDealerRequest>,
): Promise<Dealer> {
  const zone = await configuredZoneOf(ctx.db.manager, form.zone);
  return ctx.transaction((manager, emit) => saveDealerChanges(manager, emit, dealerId, { ...form, zone }));
}

/** The dealer's own profile; choosing the own website takes the generated one offline. */
export async function updateOwnProfile(
  ctx: DealerContext,
  user: AuthUser,
  form: z.output<typeof DealerProfileRequest>,
): Promise<Dealer> {
  const current = await ownDealer(ctx.db.manager, user);
  return ctx.transaction((manager, emit) =>
    saveDealerChanges(manager, emit, current.dealer_id, {
      ...form,
      enable_website: form.use_own_website ? false : undefined,
    }),
  );
}

/** Moves the selected dealers to one configured zone; answers how many moved. */
export async function moveDealersToZone(ctx: DealerContext, dealerIds: string[], zone: string): Promise<number> {
  const configured = await configuredZoneOf(ctx.db.manager, zone);
  return ctx.transaction((manager, emit) => updateZones(manager, emit, [...new Set(dealerIds)], configured));
}

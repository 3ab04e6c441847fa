import type { Dealer, DealerProfileRequest, UpdateDealerRequest } from '@portal/contracts';
import { type AuthUser, recordAudits } from '@portal/platform';
import type { z } from 'zod';
import type { DealerContext } from '../context';
import { type DealerChanges, saveDealerChanges } from '../data/dealers';
import { lockZones, updateZones } from '../data/zone-updates';
import { changeDealerAudited } from './audited-change';
import { ownDealer } from './own-dealer';
import { configuredZoneOf } from './zone-check';

/** The admin's edit form; a zone must be a configured one. */
export async function editDealer(
  ctx: DealerContext,
  dealerId: string,
  form: z.output<typeof UpdateDealerRequest>,
): Promise<Dealer> {
  const zone = await configuredZoneOf(ctx.db.manager, form.zone);
  return saveAuditedChanges(ctx, dealerId, { ...form, zone });
}

/** Saves changes to one dealer with its audit entry (dealer.updated: the fields before and after). */
function saveAuditedChanges(ctx: DealerContext, dealerId: string, changes: DealerChanges): Promise<Dealer> {
  return changeDealerAudited(ctx, dealerId, 'dealer.updated', (manager, emit) =>
    saveDealerChanges(manager, emit, dealerId, changes),
  );
}

/** The dealer's own profile; choosing the own website takes the generated one offline. */
export async function updateOwnProfile(
  ctx: DealerContext,
  user: AuthUser,
  form: z.output<typeof DealerProfileRequest>,
): Promise<Dealer> {
  const current = await ownDealer(ctx.db.manager, user);
  return saveAuditedChanges(ctx, current.dealer_id, {
    ...form,
    enable_website: form.use_own_website ? false : undefined,
  });
}

/** Moves the selected dealers to one configured zone; answers how many moved. */
export async function moveDealersToZone(ctx: DealerContext, dealerIds: string[], zone: string): Promise<number> {
  const configured = await configuredZoneOf(ctx.db.manager, zone);
  return ctx.transaction(async (manager, emit) => {
    const before = await lockZones(manager, [...new Set(dealerIds)]);
    const moved = await updateZones(manager, emit, [...before.keys()], configured);
    await recordAudits(
      emit,
      [...before].map(([dealerId, zone]) => ({
        action: 'dealer.zone_changed',
        entity: 'dealer' as const,
        entity_id: dealerId,
        before: { zone },
        after: { zone: configured },
      })),
    );
    return moved;
  });
}

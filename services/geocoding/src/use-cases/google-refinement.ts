import type { ServiceContext } from '@portal/platform';
import type { GeocodingConfig } from '../config';
import { clearRefinement, findDealer, takeRefinement } from '../data/dealers';
import { addressKey } from '../domain/address';
import { GOOGLE_SOURCE } from '../geocoders/google';
import type { GeocodingRuntime } from '../runtime';
import { EVENT_ATTEMPTS, place, storePlacements } from './place-dealers';

/** How long a replica holds a dealer it took (Google is paced and retried: a few calls at most). */
const LEASE_SECONDS = 300;
/** After a failure of the database or the code, the wait before the next try. */
const FAILURE_PAUSE_MS = 5_000;

export interface GoogleRefinement {
  /** there may be new work (an event just placed dealers offline) */
  wake(): void;
  /** finishes the dealer under way, then stops */
  stop(): Promise<void>;
}

/**
 * With Google configured, dealers announced by events are still placed offline at once (a bulk import is not
 * held up 200 ms a dealer), then placed again by Google here, one at a time, in the background: every replica
 * takes the dealer that has waited longest (SKIP LOCKED, with a lease), asks Google (paced across the process,
 * retried, see geocoders/google.ts) and stores a Google answer as an ordinary placement (history, health,
 * dealer.geocoded, the locator), unless the dealer's address changed meanwhile (that change placed it again and
 * asked for a new refinement) or a person placed it meanwhile (which ends the refinement). An answer that is no
 * better (Google failed and the offline geocoder answered) changes nothing.
 */
export function startGoogleRefinement(
  ctx: ServiceContext<GeocodingConfig>,
  runtime: GeocodingRuntime,
): GoogleRefinement {
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let pending = false;

  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
      if (pending || stopped) done();
    });

  /** Refines one dealer; false when none is due. */
  const refineOne = async (): Promise<boolean> => {
    const task = await ctx.db.transaction((manager) => takeRefinement(manager, LEASE_SECONDS));
    if (!task) return false;
    const placement = await place(runtime, task, EVENT_ATTEMPTS(task), true);
    await ctx.transaction(async (manager, emit) => {
      const now = await findDealer(manager, task.dealer_id, true);
      // placed by a person meanwhile (update-dealer-coordinates, Manual Override): theirs stands
      if (!now?.refining) return;
      // an address changed meanwhile was placed again and asked anew (its refine_after is newer than the lease)
      if (addressKey(now) !== task.geocoded_address_key) return;
      const onMap = now.known && !now.deleted && !now.archived;
      if (onMap && placement.ok && placement.answer.source === GOOGLE_SOURCE) {
        await storePlacements(manager, emit, runtime, [{ dealer: now, placement }], {
          action: 'geocode',
          actor: 'google refinement',
          newAddress: true,
        });
      }
      await clearRefinement(manager, task.dealer_id);
    });
    return true;
  };

  const loop = (async () => {
    while (!stopped) {
      pending = false;
      try {
        while (!stopped && (await refineOne()));
      } catch (err) {
        if (stopped) break;
        ctx.logger.warn({ err }, 'google refinement failed; trying again shortly');
        await idle(FAILURE_PAUSE_MS);
        continue;
      }
      await idle(ctx.config.GOOGLE_REFINE_IDLE_MS);
    }
  })();

  return {
    wake() {
      pending = true;
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
    },
  };
}

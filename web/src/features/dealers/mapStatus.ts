import type { ResponseOf } from '../../api/contractTypes';
import { type GeocodingBadge, geocodingBadge } from '../geocoding-console/consoleRules';

/** A dealer's map status as the geocoding service answers it (GET /api/admin/geocoding-status). */
export type DealerMapStatus = ResponseOf<'admin.geocodingStatus'>['statuses'][number];

/** What a row shows: the badge (001 §2) and the error behind it, or that it is being asked or could not be. */
export type MapStatusView =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'known'; badge: GeocodingBadge; error: string | null };

/** The endpoint takes at most 100 dealers a call. */
export const STATUS_BATCH = 100;
/** Rows drawn within this time are asked for in one call (a scroll mounts a screenful at once). */
export const BATCH_DELAY_MS = 50;

const LOADING: MapStatusView = { kind: 'loading' };
const FAILED: MapStatusView = { kind: 'failed' };

/** A dealer the geocoding service has not heard of yet (created moments ago) has no coordinates yet either. */
function viewOf(status: DealerMapStatus | undefined): MapStatusView {
  const badge = geocodingBadge(status ?? { geocoding_status: null, coordinates: null });
  return { kind: 'known', badge, error: status?.geocoding_error ?? null };
}

/**
 * The map status of the dealers whose rows are drawn. The dealers list comes from the dealer service, which does
 * not know coordinates; the table draws only the rows in view, so each drawn row asks for its dealer, and the rows
 * drawn together are asked for in one call (at most STATUS_BATCH dealers each). A status once known is kept.
 */
export interface MapStatusStore {
  /** a row of this dealer is drawn: its status is asked for unless known; answers what to call when it is gone */
  show(dealerId: string): () => void;
  get(dealerId: string): MapStatusView;
  subscribe(listener: () => void): () => void;
  /**
   * The list changed (an edit, an import): the drawn rows are asked again, showing what they had meanwhile;
   * the statuses of rows not drawn are forgotten, to be asked when they are.
   */
  refresh(): void;
}

export function createMapStatusStore(
  fetchStatuses: (dealerIds: string[]) => Promise<DealerMapStatus[]>,
  delayMs = BATCH_DELAY_MS,
): MapStatusStore {
  const known = new Map<string, MapStatusView>();
  /** drawn rows per dealer (a row may show the badge twice: its column, and beside the name on phones) */
  const drawn = new Map<string, number>();
  const queued = new Set<string>();
  const asking = new Set<string>();
  const listeners = new Set<() => void>();
  let flushing = false;
  /** answers to calls made before the last refresh are dropped */
  let generation = 0;

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const ask = (dealerIds: string[]) => {
    const asked = generation;
    for (const id of dealerIds) asking.add(id);
    fetchStatuses(dealerIds)
      .then(
        (statuses) => {
          if (asked !== generation) return;
          const byId = new Map(statuses.map((status) => [status.dealer_id, status]));
          for (const id of dealerIds) known.set(id, viewOf(byId.get(id)));
        },
        () => {
          if (asked !== generation) return;
          // a refreshed row keeps the status it had
          for (const id of dealerIds) if (!known.has(id)) known.set(id, FAILED);
        },
      )
      .finally(() => {
        if (asked !== generation) return;
        for (const id of dealerIds) asking.delete(id);
        emit();
      });
  };

  const flush = () => {
    flushing = false;
    // only rows still drawn: those scrolled past before the call leave no request behind
    const ids = [...queued].filter((id) => drawn.has(id));
    queued.clear();
    for (let at = 0; at < ids.length; at += STATUS_BATCH) ask(ids.slice(at, at + STATUS_BATCH));
  };

  const enqueue = (dealerId: string) => {
    queued.add(dealerId);
    if (flushing) return;
    flushing = true;
    setTimeout(flush, delayMs);
  };

  return {
    show(dealerId) {
      drawn.set(dealerId, (drawn.get(dealerId) ?? 0) + 1);
      if (!known.has(dealerId) && !asking.has(dealerId)) enqueue(dealerId);
      return () => {
        const left = (drawn.get(dealerId) ?? 1) - 1;
        if (left > 0) drawn.set(dealerId, left);
        else drawn.delete(dealerId);
      };
    },
    get(dealerId) {
      return known.get(dealerId) ?? LOADING;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh() {
      generation += 1;
      asking.clear();
      for (const id of [...known.keys()]) if (!drawn.has(id)) known.delete(id);
      for (const id of drawn.keys()) enqueue(id);
      emit();
    },
  };
}

import type { Dealer } from '@portal/contracts';
import type { DealerContext } from '../context';
import { activeStates, type DealerPageRequest, type ListStatus, readDealers } from '../data/dealer-lists';
import { dealerSearch } from '../domain/dealer-search';

/** A dealer list's query as the contract parses it (DealerListQuery or ArchivedDealerListQuery). */
export interface DealerListParams extends DealerPageRequest {
  q?: string;
  state?: string[];
  zone?: string[];
}

export interface DealerListAnswer {
  dealers: Dealer[];
  /** set when the request asked for a page */
  page?: { next_cursor: string | null; total: number };
}

/**
 * A dealer list of one status: filtered by state and zone, searched, sorted, and one page of it when a limit
 * or cursor is given; otherwise the whole (filtered) list, exactly as the specification answers it.
 */
export async function dealerList(
  ctx: DealerContext,
  status: ListStatus,
  params: DealerListParams = {},
): Promise<DealerListAnswer> {
  const { limit, cursor, sort, q, state, zone } = params;
  const { rows, page } = await readDealers(
    ctx.db.manager,
    { status, search: dealerSearch(q), states: state, zones: zone },
    { limit, cursor, sort },
  );
  return { dealers: rows, page };
}

/** The states of all active dealers (not only those of a page), for the Manage Dealers state filter. */
export function availableStates(ctx: DealerContext): Promise<string[]> {
  return activeStates(ctx.db.manager);
}

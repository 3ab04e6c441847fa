import type { Dealer } from '@portal/contracts';
import {
  containsPattern,
  countRows,
  type KeyPart,
  type KeysetOrders,
  type Page,
  type RowCountsSpec,
  readPage,
} from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { DealerSearch } from '../domain/dealer-search';
import { DEALER_COLUMNS } from './dealer-columns';

export type ListStatus = 'pending' | 'active' | 'archived';
/** The columns a dealer list sorts by (archived_at: the archived list only, as its query declares). */
export type DealerSort = 'business_name' | 'state' | 'city' | 'zone' | 'created_at' | 'archived_at';

const nullableText = (sql: string): KeyPart => ({ sql, type: 'text', nullable: true });

/**
 * Every sort of the dealer lists, each read from its index (migration DealerListIndexes): the status leads
 * each index, the dealer id ends it. `state` is the Manage Dealers order: state, then business name.
 */
const SORTS: Record<DealerSort, readonly KeyPart[]> = {
  business_name: [nullableText('d.business_name')],
  state: [nullableText('d.state'), nullableText('d.business_name')],
  city: [nullableText('d.city')],
  zone: [nullableText('d.zone')],
  created_at: [{ sql: 'd.created_at', type: 'timestamptz' }],
  archived_at: [{ sql: 'd.archived_at', type: 'timestamptz', nullable: true }],
};

/** Each list's order when the client names none: the order the specification's answer always had. */
const ORDERS: Record<ListStatus, KeysetOrders<DealerSort>> = {
  active: { sorts: SORTS, tieBreaker: { sql: 'd.dealer_id', type: 'text' }, defaultSort: 'state' },
  pending: { sorts: SORTS, tieBreaker: { sql: 'd.dealer_id', type: 'text' }, defaultSort: 'created_at' },
  archived: { sorts: SORTS, tieBreaker: { sql: 'd.dealer_id', type: 'text' }, defaultSort: '-archived_at' },
};

/** The searched fields as the trigram index dealers_search_idx holds them: exactly this expression. */
const SEARCH_TEXT = `(coalesce(d.business_name, '') || E'\\n' || coalesce(d.full_name, '') || E'\\n' || d.email || E'\\n' ||
  coalesce(d.city, '') || E'\\n' || coalesce(d.state, '') || E'\\n' || d.dealer_id)`;

/** The dealers counted per status, state and zone (migration DealerCounts1767600000000). */
export const DEALER_COUNTS: RowCountsSpec = {
  table: 'dealers',
  counts: 'dealer_counts',
  columns: ['status', 'state', 'zone'],
};

export interface DealerListFilter {
  status: ListStatus;
  search: DealerSearch | null;
  states?: readonly string[];
  zones?: readonly string[];
}

export interface DealerPageRequest {
  limit?: number;
  cursor?: string;
  sort?: string;
}

/**
 * One page of a dealer list (or, without limit and cursor, the whole filtered list in the same order), in one
 * statement; paged, the first page counts its rows too.
 */
export function readDealers(
  manager: EntityManager,
  filter: DealerListFilter,
  request: DealerPageRequest,
): Promise<Page<Dealer & Record<string, unknown>>> {
  // the status is the code's own constant, written in the statement so each list reads its index
  const where = [`d.status = '${filter.status}'`];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.states?.length) where.push(`d.state = ANY(${param(filter.states)}::text[])`);
  if (filter.zones?.length) where.push(`d.zone = ANY(${param(filter.zones)}::text[])`);
  const { search } = filter;
  if (search) {
    const found = [
      ...(search.text === null ? [] : [`${SEARCH_TEXT} ILIKE ${param(containsPattern(search.text))}`]),
      ...(search.phoneDigits === null ? [] : [`d.phone_digits LIKE ${param(`%${search.phoneDigits}%`)}`]),
    ];
    where.push(found.length ? found.join(' OR ') : 'false');
  }
  return readPage(manager, ORDERS[filter.status], request, {
    select: DEALER_COLUMNS,
    from: 'FROM dealers d',
    where,
    params,
    filterKey: { status: filter.status, search, states: filter.states, zones: filter.zones },
    // without a search the total is a sum of the kept counts; a search counts its matches
    count: search
      ? undefined
      : () => countRows(manager, DEALER_COUNTS, { status: [filter.status], state: filter.states, zone: filter.zones }),
  });
}

/**
 * The states the active dealers are in, sorted: one probe of dealers_status_state_idx per state (a loose
 * index scan), so its cost follows the number of states, not of dealers.
 */
export async function activeStates(manager: EntityManager): Promise<string[]> {
  const rows: { state: string }[] = await manager.query(
    `WITH RECURSIVE s(state) AS (
       (SELECT d.state FROM dealers d WHERE d.status = 'active' AND d.state IS NOT NULL ORDER BY d.state LIMIT 1)
       UNION ALL
       SELECT (SELECT d.state FROM dealers d WHERE d.status = 'active' AND d.state > s.state ORDER BY d.state LIMIT 1)
       FROM s WHERE s.state IS NOT NULL
     )
     SELECT state FROM s WHERE state IS NOT NULL`,
  );
  return rows.map((row) => row.state);
}

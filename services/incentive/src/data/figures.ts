import type { DealerPerformanceSort, PerformanceMetric, SortParam } from '@portal/contracts';
import { containsPattern, type KeysetOrders, type Page, type PageRequest, readPage } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { Figures } from '../domain/order-facts';
import type { DealerFiguresRow } from '../domain/performance';

/** Adds each dealer's change to its figures (one statement; dealers in id order, so no deadlock). */
export async function addToFigures(manager: EntityManager, changes: ReadonlyMap<string, Figures>): Promise<void> {
  const ids = [...changes.keys()].sort();
  if (!ids.length) return;
  const column = (name: keyof Figures) => ids.map((id) => (changes.get(id) as Figures)[name]);
  await manager.query(
    `INSERT INTO dealer_figures (dealer_id, revenue_cents, orders, items, paid_cents)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[], $4::bigint[], $5::bigint[])
     ON CONFLICT (dealer_id) DO UPDATE SET
       revenue_cents = dealer_figures.revenue_cents + EXCLUDED.revenue_cents,
       orders = dealer_figures.orders + EXCLUDED.orders,
       items = dealer_figures.items + EXCLUDED.items,
       paid_cents = dealer_figures.paid_cents + EXCLUDED.paid_cents`,
    [ids, column('revenue_cents'), column('orders'), column('items'), column('paid_cents')],
  );
}

const FIGURE_COLUMN: Record<PerformanceMetric, string> = { revenue: 'revenue_cents', orders: 'orders', items: 'items' };

const SELECT = `SELECT f.dealer_id, d.business_name, d.full_name, d.city, d.state,
  f.revenue_cents::float8 AS revenue_cents, f.orders, f.items::float8 AS items, f.paid_cents::float8 AS paid_cents`;

/** An active dealer: not archived, not deleted (a dealer not heard of yet counts as active). */
const ACTIVE = 'NOT coalesce(d.archived OR d.deleted, false)';

/** The best active dealers by `metric` (above 0), best first; ties by dealer id. An index scan. */
export function bestDealerFigures(
  manager: EntityManager,
  metric: PerformanceMetric,
  limit: number,
): Promise<DealerFiguresRow[]> {
  const column = FIGURE_COLUMN[metric];
  return manager.query(
    `${SELECT} FROM dealer_figures f LEFT JOIN dealers d ON d.dealer_id = f.dealer_id
     WHERE f.${column} > 0 AND ${ACTIVE}
     ORDER BY f.${column} DESC, f.dealer_id LIMIT $1`,
    [limit],
  );
}

/** Each sort of dealer-performance: the key the list pages by, as the migration indexes it (`WHERE active`). */
const PERFORMANCE_ORDERS: KeysetOrders<DealerPerformanceSort | 'rank'> = {
  sorts: {
    // the specification's order: revenue, highest first, ties by dealer id ascending (one ascending key)
    rank: [{ sql: '-f.revenue_cents', type: 'bigint' }],
    total_revenue: [{ sql: 'f.revenue_cents', type: 'bigint' }],
    total_orders: [{ sql: 'f.orders', type: 'integer' }],
    total_items: [{ sql: 'f.items', type: 'bigint' }],
    avg_order_value: [
      { sql: 'CASE WHEN f.orders > 0 THEN round(f.revenue_cents::numeric / f.orders) ELSE 0 END', type: 'numeric' },
    ],
    total_paid: [{ sql: 'f.paid_cents', type: 'bigint' }],
    business_name: [{ sql: 'f.business_name', type: 'text', nullable: true }],
  },
  tieBreaker: { sql: 'f.dealer_id', type: 'text' },
  defaultSort: 'rank',
};

/** The searched fields as the trigram index dealer_figures_search_idx holds them: exactly this expression. */
const SEARCH_TEXT = "(coalesce(f.business_name, '') || E'\\n' || coalesce(f.full_name, '') || E'\\n' || f.dealer_id)";

export interface PerformanceFilter {
  /** the text to find in the business name, contact name or dealer id; null for no search */
  search: string | null;
  /** only dealers of these states; null for every state */
  states: readonly string[] | null;
}

/**
 * Active dealers' figures (every active dealer, with or without orders): one page in the requested order, or
 * the whole list in that order when no page is asked for. One table (dealer_figures keeps a copy of the dealer's
 * name, city, state and whether it is shown), so each sort, filter and search is an index scan.
 */
export function performancePage(
  manager: EntityManager,
  request: PageRequest & { sort?: SortParam<DealerPerformanceSort> },
  filter: PerformanceFilter,
): Promise<Page<DealerFiguresRow & Record<string, unknown>>> {
  const where = ['f.active'];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // a newline separates the searched fields: a search holding one finds nothing
  if (filter.search !== null)
    where.push(
      filter.search.includes('\n') ? 'false' : `${SEARCH_TEXT} ILIKE ${param(containsPattern(filter.search))}`,
    );
  // one state as an equality, so the (state, rank) index answers it in order
  if (filter.states?.length === 1) where.push(`f.state = ${param(filter.states[0])}`);
  else if (filter.states !== null) where.push(`f.state = ANY(${param(filter.states)}::text[])`);
  return readPage(manager, PERFORMANCE_ORDERS, request, {
    select: `f.dealer_id, f.business_name, f.full_name, f.city, f.state, f.revenue_cents::float8 AS revenue_cents,
      f.orders, f.items::float8 AS items, f.paid_cents::float8 AS paid_cents`,
    from: 'FROM dealer_figures f',
    where,
    params,
    filterKey: filter,
  });
}

/**
 * Copies the dealers' names, city, state and whether they are shown into their figures rows (a row for every
 * known dealer), in the transaction that wrote the dealer rows. Dealers in id order, as addToFigures, so the two
 * never deadlock; a row already equal is left alone.
 */
export async function copyDealersToFigures(manager: EntityManager, dealerIds: readonly string[]): Promise<void> {
  if (!dealerIds.length) return;
  await manager.query(
    `INSERT INTO dealer_figures AS f (dealer_id, business_name, full_name, city, state, active)
     SELECT dealer_id, business_name, full_name, city, state, NOT (archived OR deleted) FROM dealers
     WHERE dealer_id = ANY($1::text[]) ORDER BY dealer_id
     ON CONFLICT (dealer_id) DO UPDATE SET business_name = EXCLUDED.business_name, full_name = EXCLUDED.full_name,
       city = EXCLUDED.city, state = EXCLUDED.state, active = EXCLUDED.active
     WHERE (f.business_name, f.full_name, f.city, f.state, f.active)
       IS DISTINCT FROM (EXCLUDED.business_name, EXCLUDED.full_name, EXCLUDED.city, EXCLUDED.state, EXCLUDED.active)`,
    [dealerIds],
  );
}

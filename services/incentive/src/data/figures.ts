import type { PerformanceMetric } from '@portal/contracts';
import type { BuiltJson } from '@portal/platform';
import type { DataSource, EntityManager } from 'typeorm';
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
export function topPerformers(
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

/** Every active dealer (with or without orders). */
const PERFORMANCE_ROWS = `FROM dealer_figures f FULL JOIN dealers d ON d.dealer_id = f.dealer_id WHERE ${ACTIVE}`;

/**
 * Which version of the figures and dealer rows is committed: a counter their statement triggers move (see the
 * performance-version migration), so an answer built for the same version is the answer. One row read.
 */
const CURRENT_VERSION = 'SELECT version::text AS version FROM performance_version';

/**
 * The whole dealer-performance answer rendered by PostgreSQL: the same records as domain/performance's
 * performanceRecord (name fallback; dollars from cents; the average rounded half up to the cent), which the
 * tests compare with the per-row path of top-performers.
 */
const PERFORMANCE_JSON = `SELECT (${CURRENT_VERSION}) AS version,
  json_build_object('success', true, 'data', coalesce((SELECT json_agg(x) FROM (
    SELECT coalesce(f.dealer_id, d.dealer_id) AS dealer_id, d.business_name,
      coalesce(nullif(d.business_name, ''), nullif(d.full_name, ''), coalesce(f.dealer_id, d.dealer_id)) AS dealer_name,
      d.city AS dealer_city, d.state AS dealer_state,
      (coalesce(f.revenue_cents, 0) / 100.0)::float8 AS total_revenue,
      coalesce(f.orders, 0) AS total_orders,
      coalesce(f.items, 0) AS total_items,
      (CASE WHEN f.orders > 0 THEN round(f.revenue_cents::numeric / f.orders) ELSE 0 END / 100.0)::float8
        AS avg_order_value,
      (coalesce(f.paid_cents, 0) / 100.0)::float8 AS total_paid
    ${PERFORMANCE_ROWS}
    ORDER BY coalesce(f.revenue_cents, 0) DESC, 1) x), '[]'))::text AS body`;

export interface BuiltAnswer extends BuiltJson {
  version: string;
}

/** The last dealer-performance answer, per database (tests run several services in one process). */
const built = new WeakMap<DataSource, BuiltAnswer>();

/**
 * The dealer-performance answer as of now, as JSON text: rebuilt only when the figures or dealers moved since
 * the last one, so repeated reads of unchanged figures cost one row read instead of rendering every dealer again.
 */
export async function dealerPerformanceJson(db: DataSource): Promise<BuiltAnswer> {
  const cached = built.get(db);
  if (cached) {
    const [row]: { version: string }[] = await db.query(CURRENT_VERSION);
    if (row?.version === cached.version) return cached;
  }
  const [row]: { version: string; body: string }[] = await db.query(PERFORMANCE_JSON);
  const { version, body } = row as { version: string; body: string };
  const answer: BuiltAnswer = { version, etag: `W/"performance-${version}"`, body: Buffer.from(body) };
  built.set(db, answer);
  return answer;
}

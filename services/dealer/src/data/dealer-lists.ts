import type { BuiltJson } from '@portal/platform';
import type { DataSource } from 'typeorm';
import { DEALER_COLUMNS } from './dealer-columns';

export type ListStatus = 'pending' | 'active' | 'archived';

const ORDER: Record<ListStatus, string> = {
  active: 'd.state, d.business_name, d.dealer_id',
  pending: 'd.created_at, d.dealer_id',
  archived: 'd.archived_at DESC, d.dealer_id',
};

/**
 * What the visible rows of one list are: their count and a 64-bit sum of their row versions (xmin). Any
 * committed insert, update or delete of a listed row — or a row joining or leaving the list — changes it, so
 * an answer built for the same fingerprint is the answer (a hash collision aside: 2^-64). A scan without
 * building any JSON: about 4 ms for 10,000 dealers.
 */
const FINGERPRINT = `SELECT count(*) || ':' || coalesce(sum(hashtextextended(d.xmin::text, 0)), 0) AS fingerprint
  FROM dealers d WHERE d.status = $1`;

/** A list's answer (see sendBuiltJson) and the fingerprint of the rows it shows. */
export interface BuiltList extends BuiltJson {
  fingerprint: string;
}

/** The last answer of each list, per database (tests run several services in one process). */
const built = new WeakMap<DataSource, Map<string, BuiltList>>();

/**
 * One statement builds the whole answer and its fingerprint from the same snapshot: the rows are sorted
 * first, then aggregated as records; the active list adds the states it spans.
 */
function buildSql(status: ListStatus, withStates: boolean): string {
  const states = withStates
    ? `, 'available_states', coalesce((SELECT json_agg(s.state) FROM (SELECT DISTINCT d.state FROM dealers d
         WHERE d.status = $1 AND d.state IS NOT NULL ORDER BY d.state) s), '[]')`
    : '';
  return `SELECT (${FINGERPRINT}) AS fingerprint,
    json_build_object('success', true, 'dealers', coalesce((SELECT json_agg(x) FROM (
        SELECT ${DEALER_COLUMNS} FROM dealers d WHERE d.status = $1 ORDER BY ${ORDER[status]}) x), '[]')${states}
    )::text AS body`;
}

/**
 * The list as of now: rebuilt only when its fingerprint moved since the last answer, so repeated reads of
 * an unchanged list cost one scan instead of rendering every dealer again.
 */
export async function currentList(db: DataSource, status: ListStatus, withStates: boolean): Promise<BuiltList> {
  const key = `${status}${withStates ? '+states' : ''}`;
  let lists = built.get(db);
  if (!lists) {
    lists = new Map();
    built.set(db, lists);
  }
  const cached = lists.get(key);
  if (cached) {
    const rows: { fingerprint: string }[] = await db.query(FINGERPRINT, [status]);
    if (rows[0]?.fingerprint === cached.fingerprint) return cached;
  }
  const [row]: { fingerprint: string; body: string }[] = await db.query(buildSql(status, withStates), [status]);
  const { fingerprint, body } = row as { fingerprint: string; body: string };
  const list: BuiltList = { fingerprint, etag: `W/"${key}-${fingerprint}"`, body: Buffer.from(body) };
  lists.set(key, list);
  return list;
}

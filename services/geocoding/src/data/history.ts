import type { GeocodingHistoryEntry, SortParam } from '@portal/contracts';
import { type KeysetOrders, type Page, type PageRequest, readPage } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { numberArray, textArray } from './pg-arrays';

export interface HistoryRecord {
  dealer_id: string;
  action: GeocodingHistoryEntry['action'];
  actor: string;
  status: GeocodingHistoryEntry['status'];
  from_lat: number | null;
  from_lng: number | null;
  lat: number | null;
  lng: number | null;
  source: string | null;
  confidence: string | null;
  strategy: string | null;
  matched_address: string | null;
  error: string | null;
  notes: string | null;
}

/** Records many coordinate changes in one statement (one array per column). */
export async function recordHistory(manager: EntityManager, records: readonly HistoryRecord[]): Promise<void> {
  if (!records.length) return;
  const text = (pick: (r: HistoryRecord) => string | null) => textArray(records.map(pick));
  const numbers = (pick: (r: HistoryRecord) => number | null) => numberArray(records.map(pick));
  await manager.query(
    `INSERT INTO geocoding_history (dealer_id, action, actor, status, from_lat, from_lng, lat, lng, source, confidence,
       strategy, matched_address, error, notes)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::float8[],
       $8::float8[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[])`,
    [
      text((r) => r.dealer_id),
      text((r) => r.action),
      text((r) => r.actor),
      text((r) => r.status),
      numbers((r) => r.from_lat),
      numbers((r) => r.from_lng),
      numbers((r) => r.lat),
      numbers((r) => r.lng),
      text((r) => r.source),
      text((r) => r.confidence),
      text((r) => r.strategy),
      text((r) => r.matched_address),
      text((r) => r.error),
      text((r) => r.notes),
    ],
  );
}

interface HistoryRow extends HistoryRecord {
  id: string;
  occurred_at: Date;
}

const point = (lat: number | null, lng: number | null) => (lat === null || lng === null ? null : { lat, lng });

/** The orders of a dealer's history: newest first by default (the order rows were recorded in), or by time. */
const HISTORY_ORDERS: KeysetOrders<'recorded' | 'occurred_at'> = {
  sorts: { recorded: [], occurred_at: [{ sql: 'h.occurred_at', type: 'timestamptz' }] },
  tieBreaker: { sql: 'h.id', type: 'bigint' },
  defaultSort: '-recorded',
};

/** A dealer's history (newest first unless sorted otherwise): one page, or the first `limit` rows. */
export async function historyOf(
  manager: EntityManager,
  dealerId: string,
  request: PageRequest & { sort?: SortParam<'occurred_at'> },
): Promise<Page<GeocodingHistoryEntry>> {
  const { rows, page } = await readPage<HistoryRow & Record<string, unknown>, 'recorded' | 'occurred_at'>(
    manager,
    HISTORY_ORDERS,
    request,
    {
      select: 'h.*',
      from: 'FROM geocoding_history h',
      where: ['h.dealer_id = $1'],
      params: [dealerId],
      filterKey: null,
    },
  );
  return { rows: rows.map(historyEntry), page };
}

function historyEntry(r: HistoryRow): GeocodingHistoryEntry {
  return {
    id: String(r.id),
    dealer_id: r.dealer_id,
    occurred_at: r.occurred_at.toISOString(),
    action: r.action,
    actor: r.actor,
    status: r.status,
    previous_coordinates: point(r.from_lat, r.from_lng),
    coordinates: point(r.lat, r.lng),
    source: r.source,
    confidence: r.confidence as GeocodingHistoryEntry['confidence'],
    strategy: r.strategy,
    matched_address: r.matched_address,
    error: r.error,
    notes: r.notes,
  };
}

/** Successful repairs in the last `days` days (the console's "recent repairs" card). */
export async function recentRepairs(manager: EntityManager, days: number): Promise<number> {
  const rows: { n: string }[] = await manager.query(
    `SELECT count(*) AS n FROM geocoding_history
      WHERE action = 'repair' AND status = 'ok' AND occurred_at > clock_timestamp() - make_interval(days => $1)`,
    [days],
  );
  return Number(rows[0]?.n ?? 0);
}

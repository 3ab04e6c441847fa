import type { GeocodingHistoryEntry } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

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

/** Records many coordinate changes in one statement. */
export async function recordHistory(manager: EntityManager, records: readonly HistoryRecord[]): Promise<void> {
  if (!records.length) return;
  await manager.query(
    `INSERT INTO geocoding_history (dealer_id, action, actor, status, from_lat, from_lng, lat, lng, source, confidence,
       strategy, matched_address, error, notes)
     SELECT dealer_id, action, actor, status, from_lat, from_lng, lat, lng, source, confidence, strategy,
       matched_address, error, notes
       FROM jsonb_to_recordset($1::jsonb) AS r(dealer_id text, action text, actor text, status text,
         from_lat double precision, from_lng double precision, lat double precision, lng double precision,
         source text, confidence text, strategy text, matched_address text, error text, notes text)`,
    [JSON.stringify(records)],
  );
}

interface HistoryRow extends HistoryRecord {
  id: string;
  occurred_at: Date;
}

const point = (lat: number | null, lng: number | null) => (lat === null || lng === null ? null : { lat, lng });

/** A dealer's history, newest first. */
export async function historyOf(
  manager: EntityManager,
  dealerId: string,
  limit = 500,
): Promise<GeocodingHistoryEntry[]> {
  const rows: HistoryRow[] = await manager.query(
    'SELECT * FROM geocoding_history WHERE dealer_id = $1 ORDER BY id DESC LIMIT $2',
    [dealerId, limit],
  );
  return rows.map((r) => ({
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
  }));
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

import type { DealerSnapshot } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/** The dealer fields shipping keeps: what the stops, the order lists and the route sheet show. */
export const KNOWN_DEALER_FIELDS = [
  'business_name',
  'full_name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip_code',
] as const satisfies readonly (keyof DealerSnapshot)[];

const columns = KNOWN_DEALER_FIELDS.join(', ');
const placeholders = KNOWN_DEALER_FIELDS.map((_, i) => `$${i + 3}`).join(', ');
const updates = KNOWN_DEALER_FIELDS.map((name) => `${name} = EXCLUDED.${name}`).join(', ');

/** Keeps a dealer's fields unless newer ones are kept already (events may arrive out of order). */
export async function saveDealerFields(
  manager: EntityManager,
  snapshot: DealerSnapshot,
  changedAt: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO known_dealers (dealer_id, fields_changed_at, ${columns}) VALUES ($1, $2, ${placeholders})
     ON CONFLICT (dealer_id) DO UPDATE SET ${updates}, fields_changed_at = EXCLUDED.fields_changed_at
     WHERE known_dealers.fields_changed_at IS NULL OR known_dealers.fields_changed_at <= EXCLUDED.fields_changed_at`,
    [snapshot.dealer_id, changedAt, ...KNOWN_DEALER_FIELDS.map((name) => snapshot[name] ?? null)],
  );
}

/**
 * Keeps a dealer's coordinates as the geocoding service last announced them (null after a failed geocode of its
 * current address) unless a newer result is kept already.
 */
export async function saveDealerCoordinates(
  manager: EntityManager,
  dealerId: string,
  coordinates: { lat: number | null; lng: number | null },
  changedAt: string,
): Promise<void> {
  const known = coordinates.lat !== null && coordinates.lng !== null;
  await manager.query(
    `INSERT INTO known_dealers (dealer_id, lat, lng, geocoded_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (dealer_id) DO UPDATE SET lat = EXCLUDED.lat, lng = EXCLUDED.lng, geocoded_at = EXCLUDED.geocoded_at
     WHERE known_dealers.geocoded_at IS NULL OR known_dealers.geocoded_at <= EXCLUDED.geocoded_at`,
    [dealerId, known ? coordinates.lat : null, known ? coordinates.lng : null, changedAt],
  );
}

/** One dealer's announced coordinates, for `saveManyDealerCoordinates`. */
export interface AnnouncedCoordinates {
  dealerId: string;
  lat: number | null;
  lng: number | null;
  changedAt: string;
}

/**
 * saveDealerCoordinates for many dealers in one statement (a bulk repair announces thousands). Within the
 * batch only each dealer's newest announcement is kept: one statement may not update a row twice.
 */
export async function saveManyDealerCoordinates(
  manager: EntityManager,
  announced: readonly AnnouncedCoordinates[],
): Promise<void> {
  const newest = new Map<string, AnnouncedCoordinates>();
  for (const item of announced) {
    const kept = newest.get(item.dealerId);
    if (!kept || Date.parse(kept.changedAt) <= Date.parse(item.changedAt)) newest.set(item.dealerId, item);
  }
  const rows = [...newest.values()].map((item) => {
    const known = item.lat !== null && item.lng !== null;
    return { ...item, lat: known ? item.lat : null, lng: known ? item.lng : null };
  });
  if (!rows.length) return;
  await manager.query(
    `INSERT INTO known_dealers (dealer_id, lat, lng, geocoded_at)
     SELECT * FROM unnest($1::text[], $2::float8[], $3::float8[], $4::timestamptz[])
     ON CONFLICT (dealer_id) DO UPDATE SET lat = EXCLUDED.lat, lng = EXCLUDED.lng, geocoded_at = EXCLUDED.geocoded_at
     WHERE known_dealers.geocoded_at IS NULL OR known_dealers.geocoded_at <= EXCLUDED.geocoded_at`,
    [rows.map((r) => r.dealerId), rows.map((r) => r.lat), rows.map((r) => r.lng), rows.map((r) => r.changedAt)],
  );
}

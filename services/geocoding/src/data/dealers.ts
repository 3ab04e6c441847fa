import type { GeocodeConfidence, MapDealer } from '@portal/contracts';
import type { DealerField } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { GeoDealer, Health } from '../domain/diagnosis';
import { booleanArray, numberArray, textArray } from './pg-arrays';

/** The snapshot fields kept here (what the map, the locator's popups and the geocoders need). */
export const KNOWN_DEALER_FIELDS = [
  'business_name',
  'full_name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip_code',
  'website',
] as const satisfies readonly DealerField[];

/**
 * The geocoding service's dealer directory (platform `dealerDirectory`); the coordinates, their health, the
 * category and the locator version are its own columns of the same table.
 */
export const KNOWN_DEALERS = { table: 'dealers', fields: KNOWN_DEALER_FIELDS };

/** A dealer whose kept record changed, with what the geocoding decision needs. */
export interface ChangedDealer extends GeoDealer {
  geocoded_address_key: string | null;
}

const GEO_COLUMNS = `dealer_id, business_name, address, city, state, zip_code, lat, lng, geocoding_status,
  geocoding_error, geocode_confidence`;

/**
 * Moves changed dealers to locator version `version` (a new phone shows in the locator's popups too; an archived
 * or deleted dealer leaves it), answering them as the geocoding decision reads them.
 */
export async function moveInLocator(
  manager: EntityManager,
  dealerIds: readonly string[],
  version: number,
): Promise<ChangedDealer[]> {
  if (!dealerIds.length) return [];
  return manager.query(
    // a CTE: TypeORM answers an UPDATE ... RETURNING as [rows, count]
    `WITH moved AS (UPDATE dealers SET locator_version = $2 WHERE dealer_id = ANY($1::text[])
                    RETURNING ${GEO_COLUMNS}, geocoded_address_key)
     SELECT * FROM moved`,
    [dealerIds, version],
  );
}

/** New coordinates (or a failure) for a dealer, with the health the rules gave it. */
export interface GeocodeWrite {
  dealer_id: string;
  lat: number | null;
  lng: number | null;
  status: 'ok' | 'error' | 'manual' | null;
  error: string | null;
  source: string | null;
  confidence: GeocodeConfidence | null;
  matched_address: string | null;
  /** the address these coordinates belong to; undefined keeps the one stored */
  address_key?: string;
  google_formatted_address?: string | null;
  health: Health;
  issues: string[];
}

/** Issues go to PostgreSQL as one text per dealer, joined by this (a control character no issue holds). */
export const ISSUE_SEPARATOR = '\u001f';

/**
 * Stores many dealers' coordinates in one statement: the values as one array per column (UNNEST), which
 * PostgreSQL reads faster than a JSON document of rows.
 */
export async function saveGeocodes(manager: EntityManager, writes: readonly GeocodeWrite[], version: number) {
  if (!writes.length) return;
  const text = (pick: (w: GeocodeWrite) => string | null | undefined) => textArray(writes.map(pick));
  const numbers = (pick: (w: GeocodeWrite) => number | null) => numberArray(writes.map(pick));
  const flags = (pick: (w: GeocodeWrite) => boolean) => booleanArray(writes.map(pick));
  await manager.query(
    `UPDATE dealers AS d SET lat = w.lat, lng = w.lng, geocoding_status = w.status, geocoding_error = w.error,
       geocode_source = w.source, geocode_confidence = w.confidence, matched_address = w.matched_address,
       geocoded_address_key = CASE WHEN w.keep_key THEN d.geocoded_address_key ELSE w.address_key END,
       google_formatted_address = CASE WHEN w.keep_google THEN d.google_formatted_address ELSE w.google_formatted_address END,
       geocoded_at = clock_timestamp(), health = w.health, issues = string_to_array(w.issues, $15), locator_version = $16
     FROM unnest($1::text[], $2::float8[], $3::float8[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::text[], $10::bool[], $11::text[], $12::bool[], $13::text[], $14::text[])
       AS w(dealer_id, lat, lng, status, error, source, confidence, matched_address, address_key, keep_key,
         google_formatted_address, keep_google, health, issues)
     WHERE d.dealer_id = w.dealer_id`,
    [
      text((w) => w.dealer_id),
      numbers((w) => w.lat),
      numbers((w) => w.lng),
      text((w) => w.status),
      text((w) => w.error),
      text((w) => w.source),
      text((w) => w.confidence),
      text((w) => w.matched_address),
      text((w) => w.address_key),
      flags((w) => w.address_key === undefined),
      text((w) => w.google_formatted_address),
      flags((w) => w.google_formatted_address === undefined),
      text((w) => w.health),
      text((w) => w.issues.join(ISSUE_SEPARATOR)),
      ISSUE_SEPARATOR,
      version,
    ],
  );
}

/**
 * Stores the health a diagnosis found for many dealers (shared points are only found by a diagnosis); the
 * caller passes the dealers whose health changed.
 */
export async function saveHealth(
  manager: EntityManager,
  rows: readonly { dealer_id: string; health: Health; issues: string[] }[],
) {
  if (!rows.length) return;
  await manager.query(
    `UPDATE dealers AS d SET health = r.health, issues = string_to_array(r.issues, $4)
       FROM unnest($1::text[], $2::text[], $3::text[]) AS r(dealer_id, health, issues)
      WHERE d.dealer_id = r.dealer_id AND (d.health <> r.health OR d.issues <> string_to_array(r.issues, $4))`,
    [
      textArray(rows.map((r) => r.dealer_id)),
      textArray(rows.map((r) => r.health)),
      textArray(rows.map((r) => r.issues.join(ISSUE_SEPARATOR))),
      ISSUE_SEPARATOR,
    ],
  );
}

const ACTIVE = 'NOT archived AND NOT deleted AND fields_changed_at IS NOT NULL';

export interface StoredDealer extends GeoDealer {
  category: string;
  archived: boolean;
  deleted: boolean;
  known: boolean;
  /** Google is still to place it (see use-cases/google-refinement.ts) */
  refining: boolean;
}

/** One dealer (active or not); null when this service never heard of it. */
export async function findDealer(manager: EntityManager, dealerId: string, lock = false): Promise<StoredDealer | null> {
  const rows: StoredDealer[] = await manager.query(
    `SELECT ${GEO_COLUMNS}, category, archived, deleted, fields_changed_at IS NOT NULL AS known,
            refine_after IS NOT NULL AS refining
       FROM dealers WHERE dealer_id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [dealerId],
  );
  return rows[0] ?? null;
}

/** A dealer as the diagnosis reads it: with the health it was last given. */
export interface StoredHealth extends GeoDealer {
  health: Health;
  issues: string[];
}

/** Every active dealer with its stored health (a diagnosis writes back only what changed). */
export async function dealersToDiagnose(manager: EntityManager): Promise<StoredHealth[]> {
  return manager.query(`SELECT ${GEO_COLUMNS}, health, issues FROM dealers WHERE ${ACTIVE} ORDER BY dealer_id`);
}

/** Every active dealer (or those of `ids`), as the rules read them. */
export async function activeGeoDealers(manager: EntityManager, ids?: readonly string[]): Promise<GeoDealer[]> {
  return manager.query(
    `SELECT ${GEO_COLUMNS} FROM dealers WHERE ${ACTIVE} ${ids ? 'AND dealer_id = ANY($1)' : ''} ORDER BY dealer_id`,
    ids ? [ids] : [],
  );
}

/** The active dealers a repair without a list looks at: every one that is not healthy. */
export async function problemDealers(manager: EntityManager): Promise<GeoDealer[]> {
  return manager.query(`SELECT ${GEO_COLUMNS} FROM dealers WHERE ${ACTIVE} AND health <> 'healthy' ORDER BY dealer_id`);
}

export async function healthCounts(manager: EntityManager) {
  const rows: { health: Health; n: string }[] = await manager.query(
    `SELECT health, count(*) AS n FROM dealers WHERE ${ACTIVE} GROUP BY health`,
  );
  const counts = { healthy: 0, missing: 0, error: 0, suspicious: 0 };
  for (const row of rows) counts[row.health] = Number(row.n);
  return counts;
}

/** The MapDealer projection (001 §3), built in the database. */
const MAP_DEALER_JSON = `json_build_object(
  'dealer_id', dealer_id, 'business_name', business_name, 'full_name', full_name, 'category', category,
  'street_address', address, 'address', address, 'city', city, 'state', state, 'zip_code', zip_code,
  'phone', phone, 'email', email, 'website', website,
  'coordinates', CASE WHEN lat IS NULL THEN NULL ELSE json_build_object('lat', lat, 'lng', lng) END,
  'google_latitude', CASE WHEN geocode_source = 'google' THEN lat END,
  'google_longitude', CASE WHEN geocode_source = 'google' THEN lng END,
  'geocoding_status', geocoding_status, 'geocoding_error', geocoding_error,
  'geocoding_source', geocode_source, 'geocoding_confidence', geocode_confidence)`;

/** 001 §5: the admin map's dealers: active ones, with coordinates inside the US box. */
export async function mapDealers(
  manager: EntityManager,
  bounds: { minLat: number; maxLat: number; minLng: number; maxLng: number },
): Promise<MapDealer[]> {
  const rows: { d: MapDealer }[] = await manager.query(
    `SELECT ${MAP_DEALER_JSON} AS d FROM dealers
      WHERE ${ACTIVE} AND lat BETWEEN $1 AND $2 AND lng BETWEEN $3 AND $4
      ORDER BY business_name NULLS LAST, dealer_id`,
    [bounds.minLat, bounds.maxLat, bounds.minLng, bounds.maxLng],
  );
  return rows.map((r) => r.d);
}

/** A dealer's map status (001 §2's badge): its coordinates and the state of its last geocoding. */
export type DealerStatus = Pick<MapDealer, 'dealer_id' | 'coordinates' | 'geocoding_status' | 'geocoding_error'>;

/** The map status of the given dealers that this service knows (deleted ones are left out), by dealer id. */
export async function dealerStatuses(manager: EntityManager, ids: readonly string[]): Promise<DealerStatus[]> {
  return manager.query(
    `SELECT dealer_id, CASE WHEN lat IS NULL THEN NULL ELSE json_build_object('lat', lat, 'lng', lng) END AS coordinates,
            geocoding_status, geocoding_error
       FROM dealers WHERE dealer_id = ANY($1) AND NOT deleted AND fields_changed_at IS NOT NULL ORDER BY dealer_id`,
    [ids],
  );
}

/** What the locator keeps of a dealer; `visible` false takes it out of the index. */
export interface LocatorRow {
  dealer_id: string;
  visible: boolean;
  lat: number | null;
  lng: number | null;
  category: string;
  dealer: MapDealer;
}

/** Every dealer changed after `version` (all of them from 0): the locator's catch-up read. */
export async function locatorChangesSince(manager: EntityManager, version: number): Promise<LocatorRow[]> {
  return manager.query(
    `SELECT dealer_id, (${ACTIVE} AND lat IS NOT NULL) AS visible, lat, lng, category, ${MAP_DEALER_JSON} AS dealer
       FROM dealers WHERE locator_version > $1`,
    [version],
  );
}

export async function setCategory(manager: EntityManager, dealerId: string, category: string, version: number) {
  const rows: unknown[] = await manager.query(
    `WITH u AS (UPDATE dealers SET category = $2, locator_version = $3 WHERE dealer_id = $1 RETURNING dealer_id)
     SELECT dealer_id FROM u`,
    [dealerId, category, version],
  );
  return rows.length > 0;
}

/** Dealers of removed categories fall back to dealer. Answers how many moved. */
export async function reassignCategories(
  manager: EntityManager,
  keep: readonly string[],
  fallback: string,
  version: number,
): Promise<number> {
  const rows: unknown[] = await manager.query(
    `WITH u AS (UPDATE dealers SET category = $2, locator_version = $3 WHERE NOT (category = ANY($1)) RETURNING dealer_id)
     SELECT dealer_id FROM u`,
    [keep, fallback, version],
  );
  return rows.length;
}

/** Dealers Google should place again (their offline placement came from an event): due now. */
export async function markForRefinement(manager: EntityManager, dealerIds: readonly string[]): Promise<void> {
  if (!dealerIds.length) return;
  await manager.query('UPDATE dealers SET refine_after = now() WHERE dealer_id = ANY($1)', [dealerIds]);
}

/** Nothing left for Google to do for this dealer. */
export async function clearRefinement(manager: EntityManager, dealerId: string): Promise<void> {
  await manager.query('UPDATE dealers SET refine_after = NULL WHERE dealer_id = $1', [dealerId]);
}

/** A dealer taken for refinement, with the address key its placement must still match when it is stored. */
export interface RefinementTask extends GeoDealer {
  geocoded_address_key: string | null;
}

/**
 * Takes the dealer that has waited longest for Google (another replica skips it: SKIP LOCKED), leasing it for
 * `leaseSeconds`; null when none is due. Dealers that left the map are let go.
 */
export async function takeRefinement(manager: EntityManager, leaseSeconds: number): Promise<RefinementTask | null> {
  // an UPDATE answers [rows, count] through TypeORM
  const [rows]: [(RefinementTask & { active: boolean })[], number] = await manager.query(
    `UPDATE dealers d SET refine_after = CASE WHEN ${ACTIVE} THEN now() + make_interval(secs => $1) END
       FROM (SELECT dealer_id FROM dealers WHERE refine_after <= now() ORDER BY refine_after LIMIT 1
             FOR UPDATE SKIP LOCKED) due
      WHERE d.dealer_id = due.dealer_id
      RETURNING d.dealer_id, d.business_name, d.address, d.city, d.state, d.zip_code, d.lat, d.lng,
        d.geocoding_status, d.geocoding_error, d.geocode_confidence, d.geocoded_address_key,
        (d.refine_after IS NOT NULL) AS active`,
    [leaseSeconds],
  );
  const [row] = rows;
  if (!row) return null;
  if (!row.active) return takeRefinement(manager, leaseSeconds);
  const { active: _active, ...task } = row;
  return task;
}

import { DEALER_ENTITY_FIELDS, DEALER_SNAPSHOT_FIELDS } from '@portal/contracts';

/**
 * The contract's Dealer as PostgreSQL builds it, derived from the dealer field list: every read of a dealer
 * uses DEALER_JSON (one JSON value) or DEALER_COLUMNS (a select list, for lists), so lists come back as a
 * single JSON text without per-row work in Node. Expects the dealers table aliased `d`.
 */

/** ISO 8601 in UTC, as the contract's IsoDate. */
export const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Where a dealer's header image is served; the version makes a replaced image a new URL. */
export const HEADER_IMAGE_URL = `CASE WHEN d.header_image_version IS NULL THEN NULL
  ELSE '/api/dealer/header-image/' || d.dealer_id || '?v=' || d.header_image_version END`;

/** The contract's Dealer field by field: its JSON key and the SQL expression of its value. */
const DEALER_PROJECTION: readonly (readonly [string, string])[] = [
  ['dealer_id', 'd.dealer_id'],
  ...DEALER_ENTITY_FIELDS.map((field) => [field, `d.${field}`] as const),
  ['specialties', 'to_json(d.specialties)'],
  ['use_own_website', 'd.use_own_website'],
  ['enable_website', 'd.enable_website'],
  ['header_image_url', HEADER_IMAGE_URL],
  ['published_at', iso('d.published_at')],
  ['created_at', iso('d.created_at')],
  ['archived', "d.status = 'archived'"],
  ['status', 'd.status'],
  ['archived_at', iso('d.archived_at')],
];

/** One dealer as a JSON value. */
export const DEALER_JSON = `json_build_object(
  ${DEALER_PROJECTION.map(([key, value]) => `'${key}', ${value}`).join(',\n  ')}
)`;

/**
 * The same fields as a select list (`expression AS key`): a list aggregates its rows as records
 * (`json_agg(x)` over a subquery), which PostgreSQL renders to the same JSON a good deal faster than
 * calling json_build_object per row.
 */
export const DEALER_COLUMNS = DEALER_PROJECTION.map(([key, value]) => `${value} AS ${key}`).join(',\n  ');

/** The columns of the dealer.* event snapshot (contracts DealerSnapshot). */
export const SNAPSHOT_COLUMNS = ['dealer_id', ...DEALER_SNAPSHOT_FIELDS] as const;
export const SNAPSHOT_SQL = SNAPSHOT_COLUMNS.map((c) => `d.${c}`).join(', ');

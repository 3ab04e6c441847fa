import { type DealerField, upsertManyIfNewer } from '@portal/platform';
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
] as const satisfies readonly DealerField[];

/** Shipping's dealer directory (platform `dealerDirectory`); the coordinates (dealer.geocoded) are its own. */
export const KNOWN_DEALERS = { table: 'known_dealers', fields: KNOWN_DEALER_FIELDS };

const COORDINATES_WRITE = {
  table: 'known_dealers',
  key: 'dealer_id',
  changedAt: 'geocoded_at',
  columns: ['lat', 'lng'],
  types: ['float8', 'float8'],
};

/** Both coordinates, or neither: a point with one side missing is no point. */
const pointOf = (coordinates: { lat: number | null; lng: number | null }) =>
  coordinates.lat !== null && coordinates.lng !== null ? [coordinates.lat, coordinates.lng] : [null, null];

/** One dealer's announced coordinates, for `saveManyDealerCoordinates`. */
export interface AnnouncedCoordinates {
  dealerId: string;
  lat: number | null;
  lng: number | null;
  changedAt: string;
}

/**
 * Keeps each dealer's coordinates as the geocoding service last announced them (null after a failed geocode of
 * its current address) unless a newer result is kept already; one statement (a bulk repair announces thousands).
 */
export async function saveManyDealerCoordinates(
  manager: EntityManager,
  announced: readonly AnnouncedCoordinates[],
): Promise<void> {
  await upsertManyIfNewer(
    manager,
    COORDINATES_WRITE,
    announced.map((item) => ({ key: item.dealerId, changedAt: item.changedAt, values: pointOf(item) })),
  );
}

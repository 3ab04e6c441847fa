import { type Endpoints, type MapDealer, type ResponseOf, succeeded } from '@portal/contracts';
import type { BuiltJson } from '@portal/platform';
import type { GeocodingContext } from '../context';
import { tooMany } from './locator';

type DealerLocation = ResponseOf<Endpoints['public.dealerLocations']>['dealers'][number];

/** Six decimals are about 10 cm: more would only lengthen the answer. */
const round6 = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** What a visitor may see of a dealer: its business and how to reach it (never its owner or geocoding details). */
function publicLocation(dealer: MapDealer): DealerLocation[] {
  if (!dealer.coordinates) return [];
  return [
    {
      dealer_id: dealer.dealer_id,
      business_name: dealer.business_name,
      category: dealer.category,
      address: dealer.address,
      city: dealer.city,
      state: dealer.state,
      zip_code: dealer.zip_code,
      phone: dealer.phone,
      email: dealer.email,
      website: dealer.website,
      coordinates: { lat: round6(dealer.coordinates.lat), lng: round6(dealer.coordinates.lng) },
    },
  ];
}

/**
 * Every dealer the locator can find (active, with coordinates), for its map before a search and on Show All.
 * Built from the locator's index once per locator version and labelled with it (a weak ETag: every replica names
 * the same dealers by the same version, so a client revalidates with any replica); gzipped once, on the first
 * request that accepts it (sendBuiltJson). Each client may load it LOCATOR_LISTS_PER_MINUTE times a minute.
 */
export async function placedDealerLocations(ctx: GeocodingContext, client: string): Promise<BuiltJson> {
  const runtime = ctx.deps;
  const lists = await runtime.locationListsPerAddress.take(client);
  if (!lists.allowed) throw tooMany(lists.msBeforeReset, 'requests');

  const version = await runtime.locator.fresh();
  // a request that waited less may already have built a newer version: that one serves too
  if (runtime.locations && runtime.locations.version >= version) return runtime.locations.answer;
  const placed = runtime.locator.placed();
  const body = JSON.stringify(succeeded({ dealers: placed.dealers.flatMap(publicLocation) }));
  const answer: BuiltJson = { etag: `W/"dealer-locations-${placed.version}"`, body: Buffer.from(body) };
  runtime.locations = { version: placed.version, answer };
  return answer;
}

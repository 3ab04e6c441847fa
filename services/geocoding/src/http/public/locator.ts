import { succeeded } from '@portal/contracts';
import { sendBuiltJson, serveObject } from '@portal/platform';
import type { GeocodingHandler } from '../../context';
import { placedDealerLocations } from '../../use-cases/dealer-locations';
import { locateDealers } from '../../use-cases/locator';
import { getMapSettings, markerImageKey } from '../../use-cases/map-settings';

/** GET /api/public/search-dealers — the client is its address as the gateway tells it. */
export const searchDealers: GeocodingHandler<'public.searchDealers'> = async ({ query, req }, ctx) =>
  locateDealers(ctx, query, req.ip ?? req.socket.remoteAddress ?? 'unknown');

/** GET /api/public/dealer-locations — every placed dealer for the locator's map; 304 when the client has them. */
export const dealerLocations: GeocodingHandler<'public.dealerLocations'> = async ({ req, res }, ctx) =>
  sendBuiltJson(req, res, await placedDealerLocations(ctx, req.ip ?? req.socket.remoteAddress ?? 'unknown'));

/** GET /api/public/map-settings — how the public locator looks (what the admin's Map Settings chose). */
export const publicMapSettings: GeocodingHandler<'public.mapSettings'> = async (_input, ctx) =>
  succeeded(await getMapSettings(ctx));

/** GET /api/marker-images/{filename} — an uploaded marker, cached for a year (names change with the image). */
export const markerImage: GeocodingHandler<'public.markerImage'> = async ({ params, res }, ctx) =>
  serveObject(res, ctx.objects, markerImageKey(params.filename), { notFound: 'Error: Marker image not found' });

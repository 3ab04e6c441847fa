import { succeeded } from '@portal/contracts';
import type { GeocodingHandler } from '../../context';
import {
  geocodingHistoryOf,
  geocodingStatuses,
  listMapDealers,
  overrideCoordinates,
  setDealerCategory,
  setGoogleCoordinates,
} from '../../use-cases/map-dealers';
import { getMapSettings, saveMapSettingsFor, storeMarkerImage } from '../../use-cases/map-settings';

/** GET /api/admin/dealers-for-map — active dealers inside the US bounds. */
export const dealersForMap: GeocodingHandler<'admin.dealersForMap'> = async (_input, ctx) =>
  succeeded({ dealers: await listMapDealers(ctx) });

/** GET /api/admin/geocoding-status?dealer_ids=a,b,c — the Map badge of the dealers a page of Manage Dealers shows. */
export const geocodingStatus: GeocodingHandler<'admin.geocodingStatus'> = async ({ query }, ctx) =>
  succeeded({ statuses: await geocodingStatuses(ctx, query.dealer_ids) });

/** GET /api/admin/map-settings */
export const mapSettings: GeocodingHandler<'admin.mapSettings'> = async (_input, ctx) =>
  succeeded(await getMapSettings(ctx));

/** POST /api/admin/map-settings — categories (a removed one's dealers become dealer) and popup settings. */
export const saveMapSettings: GeocodingHandler<'admin.saveMapSettings'> = async ({ body }, ctx) => {
  const saved = await saveMapSettingsFor(ctx, body);
  return succeeded({
    message: 'Map settings saved successfully!',
    categories: saved.categories,
    settings: saved.settings,
  });
};

/** POST /api/admin/upload-marker-image — the router has checked the file by content and size. */
export const uploadMarkerImage: GeocodingHandler<'admin.uploadMarkerImage'> = async ({ files }, ctx) => {
  const image = files.markerImage;
  if (!image) throw new Error('the router lets no upload through without its file');
  return succeeded({ imageUrl: await storeMarkerImage(ctx, image) });
};

/** POST /api/admin/update-dealer-category */
export const updateDealerCategory: GeocodingHandler<'admin.updateDealerCategory'> = async ({ body }, ctx) => {
  await setDealerCategory(ctx, body.dealer_id, body.category);
  return succeeded({ message: 'Dealer category updated' });
};

/** POST /api/admin/update-dealer-coordinates — coordinates Google found in the browser. */
export const updateDealerCoordinates: GeocodingHandler<'admin.updateDealerCoordinates'> = async (
  { body, user },
  ctx,
) => {
  await setGoogleCoordinates(ctx, user, body);
  return succeeded({ message: 'Coordinates updated successfully!' });
};

/** POST /api/admin/manual-coordinate-override/{dealer_id} — ranges checked by the request schema. */
export const manualCoordinateOverride: GeocodingHandler<'admin.manualCoordinateOverride'> = async (
  { params, body, user },
  ctx,
) =>
  succeeded({
    message: 'Coordinates updated successfully!',
    coordinates: await overrideCoordinates(ctx, user, params.dealer_id, body),
  });

/** GET /api/admin/geocoding-history/{dealer_id} — newest first; a page with `limit`. */
export const geocodingHistory: GeocodingHandler<'admin.geocodingHistory'> = async ({ params, query }, ctx) => {
  const { rows, page } = await geocodingHistoryOf(ctx, params.dealer_id, query);
  return succeeded({ history: rows, ...page });
};

import { randomBytes } from 'node:crypto';
import {
  categoryIdOf,
  DEFAULT_CATEGORY_ID,
  endpoints,
  type MapCategory,
  type MapDisplaySettings,
  MarkerImageUpload,
} from '@portal/contracts';
import { badRequest, detectImageKind, recordAudit, reencodeUpload, type UploadedFile } from '@portal/platform';
import type { GeocodingContext } from '../context';
import { reassignCategories } from '../data/dealers';
import { nextLocatorVersion } from '../data/locator-version';
import { loadMapSettings, lockMapSettings, type StoredMapSettings, saveMapSettings } from '../data/map-settings';

export const getMapSettings = (ctx: GeocodingContext) => loadMapSettings(ctx.db.manager);

const MARKER_ROUTE = endpoints['public.markerImage'].path;
export const markerImageKey = (filename: string) => `markers/${filename}`;
export const markerImageUrl = (filename: string) => MARKER_ROUTE.replace('{filename}', encodeURIComponent(filename));

const BAD_ICON = 'Error: A category icon must be an uploaded marker image';

/** An icon is an uploaded marker's URL or an image data URL whose bytes are an image (never a script or SVG). */
function checkIcon(icon: string | null): void {
  if (icon === null || icon === '') return;
  if (/^\/api\/marker-images\/[A-Za-z0-9_-][\w.-]{0,199}$/.test(icon)) return;
  const data = icon.match(/^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/=]+)$/);
  if (data?.[2] && detectImageKind(Buffer.from(data[2], 'base64'))) return;
  throw badRequest(BAD_ICON);
}

/**
 * Saves the category list and popup settings. A new category's id is its name in lower case with underscores;
 * the dealer category stays (the request schema refuses a list without it: 'Cannot delete the default Dealer
 * category'); the dealers of a removed category become dealer. Answers the saved settings.
 */
export async function saveMapSettingsFor(
  ctx: GeocodingContext,
  input: { categories: MapCategory[]; settings?: Partial<MapDisplaySettings> },
): Promise<StoredMapSettings & { reassigned: number }> {
  return ctx.transaction(async (manager, emit) => {
    const current = await lockMapSettings(manager);
    const known = new Set(current.categories.map((c) => c.id));
    for (const category of input.categories) {
      if (!known.has(category.id) && category.id !== categoryIdOf(category.name))
        throw badRequest(
          `Error: The id of category ${category.name} must be ${categoryIdOf(category.name) || 'its name'}`,
        );
      checkIcon(category.icon);
    }
    const next: StoredMapSettings = {
      categories: input.categories,
      settings: { ...current.settings, ...(input.settings ?? {}) },
    };
    const removed = current.categories.filter((c) => !input.categories.some((n) => n.id === c.id));
    let reassigned = 0;
    if (removed.length)
      reassigned = await reassignCategories(
        manager,
        input.categories.map((c) => c.id),
        DEFAULT_CATEGORY_ID,
        await nextLocatorVersion(manager),
      );
    await saveMapSettings(manager, next);
    await recordAudit(emit, {
      action: 'settings.updated',
      entity: 'settings',
      entity_id: 'map_settings',
      before: { ...current },
      after: { ...next },
    });
    return { ...next, reassigned };
  });
}

/** A marker is drawn at icon size on the map: a bigger upload is scaled down to this box. */
const MARKER_IMAGE_BOX = { maxWidth: 256, maxHeight: 256 };

/**
 * Keeps an uploaded marker image under a fresh name; answers its URL. What is kept is its pixels only, decoded
 * and encoded again (PNG when it has transparency, as markers usually do, JPEG otherwise) within the pixel
 * limit: no decompression bomb, hidden script or EXIF (GPS) metadata of the upload is published. Bytes that
 * do not decode are refused with 415.
 */
export async function storeMarkerImage(ctx: GeocodingContext, upload: UploadedFile): Promise<string> {
  const image = await reencodeUpload(upload, MarkerImageUpload, { format: 'auto', ...MARKER_IMAGE_BOX });
  const filename = `marker-${randomBytes(12).toString('hex')}.${image.contentType === 'image/png' ? 'png' : 'jpg'}`;
  await ctx.objects.put(markerImageKey(filename), image.buffer, image.contentType);
  return markerImageUrl(filename);
}

import { z } from 'zod';
import type { FilePart } from '../endpoint';
import {
  DEFAULT_CATEGORY_ID,
  DealerCategoryId,
  MANUAL_COORDINATE_RANGE,
  MapCategory,
  MapDisplaySettings,
  RepairStrategy,
} from '../entities/geocoding';
import { Id, Latitude, Longitude, optionalText, requiredText } from '../fields';
import { listQuery } from '../list-query';

const CategoryInput = MapCategory.extend({
  id: DealerCategoryId.regex(/^[a-z0-9_]+$/, 'Error: A category id is its name in lower case with underscores'),
  iconSize: z
    .number({ error: 'Error: Icon size must be between 5 and 50 percent' })
    .min(5, 'Error: Icon size must be between 5 and 50 percent')
    .max(50, 'Error: Icon size must be between 5 and 50 percent'),
});

/** 001 §5: popup sliders (corner radius 0-20, transparency 0-100, blur 0-20). */
const PopupSettingsInput = MapDisplaySettings.extend({
  popupBorderRadius: z
    .number()
    .min(0, 'Error: Corner radius must be 0 to 20')
    .max(20, 'Error: Corner radius must be 0 to 20'),
  popupOpacity: z
    .number()
    .min(0, 'Error: Transparency must be 0 to 100')
    .max(100, 'Error: Transparency must be 0 to 100'),
  popupBlur: z.number().min(0, 'Error: Blur must be 0 to 20').max(20, 'Error: Blur must be 0 to 20'),
  popupTextColor: z.string().regex(/^#[0-9a-f]{6}$/i, 'Error: Colours are #rrggbb'),
  popupBgColor: z.string().regex(/^#[0-9a-f]{6}$/i, 'Error: Colours are #rrggbb'),
}).partial();

/**
 * The whole category list (a category left out is deleted: its dealers become dealer) and, optionally, the popup
 * settings to change. The default dealer category cannot be deleted; ids are unique.
 */
export const MapSettingsRequest = z
  .object({
    categories: z.array(CategoryInput).max(50, 'Error: At most 50 categories'),
    settings: PopupSettingsInput.optional(),
  })
  // on the whole body (no path), so the message reads as the spec has it
  .refine((body) => body.categories.some((category) => category.id === DEFAULT_CATEGORY_ID), {
    message: 'Cannot delete the default Dealer category',
  })
  .refine((body) => new Set(body.categories.map((c) => c.id)).size === body.categories.length, {
    message: 'Error: Category already exists',
  });

/** The locator searches around a typed place, or around the visitor's position (Near Me). */
export const SearchDealersQuery = z
  .object({
    query: optionalText(200),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    radius: z.coerce
      .number({ error: 'Error: Radius must be between 1 and 3000 miles' })
      .min(1, 'Error: Radius must be between 1 and 3000 miles')
      .max(3000, 'Error: Radius must be between 1 and 3000 miles')
      .optional()
      .describe('miles; when no dealer is within it, the nearest one is offered as `nearest`'),
    category: DealerCategoryId.optional().describe('only dealers of this map category'),
  })
  .refine((q) => (q.query ?? '') !== '' || (q.lat !== undefined && q.lng !== undefined), {
    message: 'Please enter a location to search',
    path: ['query'],
  })
  .describe(
    'query: an address, city or ZIP; or lat and lng for Near Me; radius and category filter (design additions)',
  );

export const UpdateDealerCategoryRequest = z.object({ dealer_id: Id, category: DealerCategoryId });

export const GeocodeAddressRequest = z.object({
  address: requiredText('Please enter a location to search', 500),
});

export const UpdateDealerCoordinatesRequest = z.object({
  dealer_id: Id,
  google_latitude: Latitude,
  google_longitude: Longitude,
  google_formatted_address: optionalText(500),
});

const Strategies = z.array(RepairStrategy).min(1, 'Error: Select at least one repair strategy').max(4);
export const RepairDealerGeocodingRequest = z.object({ strategies: Strategies });
export const BulkRepairGeocodingRequest = z.object({
  dealer_ids: z.array(Id).max(5000).nullable().describe('null means every dealer with a problem'),
  strategies: Strategies,
});

const INVALID_COORDINATES = 'Please select a dealer and enter valid coordinates';
const R = MANUAL_COORDINATE_RANGE;
/** A number, or the text of one (the console's inputs); blank or not a number answers the spec's message. */
const coordinate = (min: number, max: number, rangeMessage: string) =>
  z
    .union([z.number(), z.string().trim().min(1, INVALID_COORDINATES)], { error: INVALID_COORDINATES })
    .transform((value) => Number(value))
    .pipe(z.number({ error: INVALID_COORDINATES }).refine(Number.isFinite, INVALID_COORDINATES))
    .pipe(z.number().min(min, rangeMessage).max(max, rangeMessage));
/** The console labels' ranges (001 §5), checked here: the client does not enforce them. */
export const ManualCoordinateOverrideRequest = z.object({
  lat: coordinate(R.minLat, R.maxLat, `Please enter a latitude between ${R.minLat} and ${R.maxLat}`),
  lng: coordinate(R.minLng, R.maxLng, `Please enter a longitude between ${R.minLng.toFixed(1)} and ${R.maxLng}`),
  notes: optionalText(2000),
});

const ADDRESS_REQUIRED = 'Please fill in at least address, city, and state';
export const TestAddressGeocodingRequest = z.object({
  address: requiredText(ADDRESS_REQUIRED),
  city: requiredText(ADDRESS_REQUIRED, 100),
  state: requiredText(ADDRESS_REQUIRED, 20),
  zip_code: optionalText(20),
});

/** A custom map marker; the spec recommends a 32x32 or 64x64 PNG, so 1MB is plenty. */
export const MarkerImageUpload: FilePart = {
  field: 'markerImage',
  maxBytes: 1048576,
  kinds: ['png', 'jpeg', 'gif', 'webp'],
  required: true,
  messages: {
    tooLarge: 'Error: Marker image must be less than 1MB',
    wrongKind: 'Error: Please select an image file',
    missing: 'Error: Please select an image first',
  },
};

/** A dealer's geocoding history. Without `sort`: newest first, at most the newest 500 (as before paging). */
export const GeocodingHistoryQuery = listQuery({ sorts: ['occurred_at'] });
export type GeocodingHistoryQuery = z.infer<typeof GeocodingHistoryQuery>;

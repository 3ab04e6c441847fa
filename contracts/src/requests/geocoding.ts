import { z } from 'zod';
import type { FilePart } from '../endpoint';
import { DealerCategoryId, MapCategory, MapDisplaySettings, RepairStrategy } from '../entities/geocoding';
import { Id, Latitude, Longitude, optionalText, requiredText } from '../fields';

export const MapSettingsRequest = z.object({
  categories: z
    .array(MapCategory)
    .min(1)
    .max(50)
    .refine((categories) => categories.some((category) => category.id === 'dealer'), {
      message: 'Cannot delete the default Dealer category',
    }),
  settings: MapDisplaySettings.partial().optional(),
});

/** The locator searches around a typed place, or around the visitor's position (Near Me). */
export const SearchDealersQuery = z
  .object({
    query: optionalText(200),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
  })
  .refine((q) => (q.query ?? '') !== '' || (q.lat !== undefined && q.lng !== undefined), {
    message: 'Please enter a location to search',
    path: ['query'],
  })
  .describe('query: an address, city or ZIP; or lat and lng for Near Me (a design addition)');

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
export const ManualCoordinateOverrideRequest = z.object({
  lat: z.number({ error: INVALID_COORDINATES }).min(-90, INVALID_COORDINATES).max(90, INVALID_COORDINATES),
  lng: z.number({ error: INVALID_COORDINATES }).min(-180, INVALID_COORDINATES).max(180, INVALID_COORDINATES),
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

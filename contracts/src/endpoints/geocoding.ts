import { z } from 'zod';
import { ImageBytes, Ok } from '../common';
import { access, endpoint } from '../endpoint';
import {
  AddressTestResult,
  Diagnosis,
  GeocodeConfidence,
  GeocodingHistoryEntry,
  GeocodingSummary,
  LocatedDealer,
  MapCategory,
  MapDealer,
  MapDisplaySettings,
  RepairResult,
} from '../entities/geocoding';
import { Coordinates, idParams, storableString } from '../fields';
import { pageable } from '../list-query';
import {
  BulkRepairGeocodingRequest,
  GeocodeAddressRequest,
  GeocodingHistoryQuery,
  ManualCoordinateOverrideRequest,
  MapSettingsRequest,
  MarkerImageUpload,
  RepairDealerGeocodingRequest,
  SearchDealersQuery,
  TestAddressGeocodingRequest,
  UpdateDealerCategoryRequest,
  UpdateDealerCoordinatesRequest,
} from '../requests/geocoding';

const owner = 'geocoding' as const;
const dealerIdParams = idParams('dealer_id');
const MapSettingsResponse = Ok.extend({ categories: z.array(MapCategory), settings: MapDisplaySettings });

/** What a visitor sees of a placed dealer on the locator's map: a subset of what search-dealers answers. */
const DealerLocation = MapDealer.pick({
  dealer_id: true,
  business_name: true,
  category: true,
  address: true,
  city: true,
  state: true,
  zip_code: true,
  phone: true,
  email: true,
  website: true,
}).extend({ coordinates: Coordinates });

/** The Manage Dealers table asks for the rows it draws: a page, never the whole list. */
const MAX_GEOCODING_STATUS_DEALERS = 100;
const DEALER_IDS_MESSAGE = `Error: dealer_ids must list 1 to ${MAX_GEOCODING_STATUS_DEALERS} dealer ids, separated by commas`;
const GeocodingStatusQuery = z.object({
  dealer_ids: storableString({ error: DEALER_IDS_MESSAGE })
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.string().max(100, 'Error: a dealer id is at most 100 characters'))
        .min(1, DEALER_IDS_MESSAGE)
        .max(MAX_GEOCODING_STATUS_DEALERS, DEALER_IDS_MESSAGE),
    )
    .describe(`up to ${MAX_GEOCODING_STATUS_DEALERS} dealer ids, separated by commas`),
});
const DealerGeocodingStatus = MapDealer.pick({
  dealer_id: true,
  coordinates: true,
  geocoding_status: true,
  geocoding_error: true,
});

export const geocodingEndpoints = {
  'admin.dealersForMap': endpoint({
    id: 'admin.dealersForMap',
    method: 'GET',
    path: '/api/admin/dealers-for-map',
    owner,
    access: access.roles('admin'),
    summary: 'Active dealers with their category and coordinates, for the admin map',
    response: Ok.extend({ dealers: z.array(MapDealer) }),
  }),
  'admin.mapSettings': endpoint({
    id: 'admin.mapSettings',
    method: 'GET',
    path: '/api/admin/map-settings',
    owner,
    access: access.roles('admin'),
    summary: 'Map categories (dealer and manufacturer by default) and popup settings',
    response: MapSettingsResponse,
  }),
  'admin.saveMapSettings': endpoint({
    id: 'admin.saveMapSettings',
    method: 'POST',
    path: '/api/admin/map-settings',
    owner,
    access: access.roles('admin'),
    summary: "Save the map categories and popup settings; a removed category's dealers become dealer",
    body: MapSettingsRequest,
    response: MapSettingsResponse,
  }),
  'public.searchDealers': endpoint({
    id: 'public.searchDealers',
    method: 'GET',
    path: '/api/public/search-dealers',
    owner,
    access: access.public,
    summary:
      'The 5 dealers closest to a place (address, city or ZIP) or a position, with distances in miles; cached and rate-limited per client',
    query: SearchDealersQuery,
    response: Ok.extend({
      center: Coordinates,
      matched_address: z.string().nullable().describe('the place the query was understood as'),
      dealers: z.array(LocatedDealer).max(5),
      nearest: LocatedDealer.nullable().describe('with a radius: the nearest dealer when none is within it'),
    }),
  }),
  'public.mapSettings': endpoint({
    id: 'public.mapSettings',
    method: 'GET',
    path: '/api/public/map-settings',
    owner,
    access: access.public,
    summary:
      'The map categories and display settings (clustering, controls, popup style) the public locator is drawn with',
    response: MapSettingsResponse,
    beyondSpec: true,
  }),
  'public.dealerLocations': endpoint({
    id: 'public.dealerLocations',
    method: 'GET',
    path: '/api/public/dealer-locations',
    owner,
    access: access.public,
    summary:
      'Every active dealer with coordinates, for the locator map before a search and on Show All; ETag/304 and gzip, rate-limited per client',
    response: Ok.extend({ dealers: z.array(DealerLocation) }),
    beyondSpec: true,
  }),
  'admin.updateDealerCategory': endpoint({
    id: 'admin.updateDealerCategory',
    method: 'POST',
    path: '/api/admin/update-dealer-category',
    owner,
    access: access.roles('admin'),
    summary: "Set a dealer's map category",
    body: UpdateDealerCategoryRequest,
    response: Ok.describe('Shape not shown in the spec'),
  }),
  'admin.geocodeAddress': endpoint({
    id: 'admin.geocodeAddress',
    method: 'POST',
    path: '/api/admin/geocode-address',
    owner,
    access: access.roles('admin'),
    summary: 'Geocode a free-text address',
    body: GeocodeAddressRequest,
    response: Ok.extend({
      coordinates: Coordinates,
      formatted_address: z.string(),
      source: z.string(),
      confidence: GeocodeConfidence,
    }),
  }),
  'admin.updateDealerCoordinates': endpoint({
    id: 'admin.updateDealerCoordinates',
    method: 'POST',
    path: '/api/admin/update-dealer-coordinates',
    owner,
    access: access.roles('admin'),
    summary: "Store coordinates found for a dealer's address",
    body: UpdateDealerCoordinatesRequest,
    response: Ok.describe('Shape not shown in the spec'),
  }),
  'admin.uploadMarkerImage': endpoint({
    id: 'admin.uploadMarkerImage',
    method: 'POST',
    path: '/api/admin/upload-marker-image',
    owner,
    access: access.roles('admin'),
    summary: 'Upload a custom map marker image (checked by content); answers its URL',
    files: [MarkerImageUpload],
    response: Ok.extend({ imageUrl: z.string() }),
  }),
  'public.markerImage': endpoint({
    id: 'public.markerImage',
    method: 'GET',
    path: '/api/marker-images/{filename}',
    owner,
    access: access.public,
    summary: 'An uploaded map marker image by file name; cached for a year, the name changes with the image',
    params: z.object({ filename: z.string().regex(/^[A-Za-z0-9_-][\w.-]{0,199}$/, 'Invalid file name') }),
    response: ImageBytes,
    responseKind: 'image',
    beyondSpec: true,
  }),
  'admin.geocodingSummary': endpoint({
    id: 'admin.geocodingSummary',
    method: 'GET',
    path: '/api/admin/geocoding-summary',
    owner,
    access: access.roles('admin'),
    summary: 'Geocoding health: healthy, missing, error and suspicious counts, recent repairs',
    response: Ok.extend({ summary: GeocodingSummary }),
  }),
  'admin.geocodingStatus': endpoint({
    id: 'admin.geocodingStatus',
    method: 'GET',
    path: '/api/admin/geocoding-status',
    owner,
    access: access.roles('admin'),
    summary:
      'The map status of the listed dealers (Ready, Needs Geocoding or Error): coordinates, status and error; those this service does not know are left out',
    query: GeocodingStatusQuery,
    response: Ok.extend({ statuses: z.array(DealerGeocodingStatus) }),
    beyondSpec: true,
  }),
  'admin.geocodingDiagnosis': endpoint({
    id: 'admin.geocodingDiagnosis',
    method: 'GET',
    path: '/api/admin/geocoding-diagnosis',
    owner,
    access: access.roles('admin'),
    summary: 'Run a full diagnosis of dealer coordinates, with repair suggestions',
    response: Ok.extend({ diagnosis: Diagnosis }),
  }),
  'admin.repairDealerGeocoding': endpoint({
    id: 'admin.repairDealerGeocoding',
    method: 'POST',
    path: '/api/admin/repair-dealer-geocoding/{dealer_id}',
    owner,
    access: access.roles('admin'),
    summary: "Re-geocode one dealer's address with the given strategies",
    params: dealerIdParams,
    body: RepairDealerGeocodingRequest,
    response: Ok.extend({
      coordinates: Coordinates.nullable(),
      strategy: z.string().nullable().describe('the strategy that placed the dealer'),
      confidence: GeocodeConfidence.nullable(),
    }),
  }),
  'admin.bulkRepairGeocoding': endpoint({
    id: 'admin.bulkRepairGeocoding',
    method: 'POST',
    path: '/api/admin/bulk-repair-geocoding',
    owner,
    access: access.roles('admin'),
    summary: 'Re-geocode many dealers (or every problem dealer) with the given strategies',
    body: BulkRepairGeocodingRequest,
    response: Ok.extend({ repair_result: RepairResult }),
  }),
  'admin.geocodingHistory': endpoint({
    id: 'admin.geocodingHistory',
    method: 'GET',
    path: '/api/admin/geocoding-history/{dealer_id}',
    owner,
    access: access.roles('admin'),
    summary: "A dealer's geocoding attempts and overrides, newest first",
    params: dealerIdParams,
    query: GeocodingHistoryQuery,
    response: pageable(Ok.extend({ history: z.array(GeocodingHistoryEntry) })),
  }),
  'admin.manualCoordinateOverride': endpoint({
    id: 'admin.manualCoordinateOverride',
    method: 'POST',
    path: '/api/admin/manual-coordinate-override/{dealer_id}',
    owner,
    access: access.roles('admin'),
    summary: "Set a dealer's coordinates by hand",
    params: dealerIdParams,
    body: ManualCoordinateOverrideRequest,
    response: Ok.extend({ coordinates: Coordinates }),
  }),
  'admin.testAddressGeocoding': endpoint({
    id: 'admin.testAddressGeocoding',
    method: 'POST',
    path: '/api/admin/test-address-geocoding',
    owner,
    access: access.roles('admin'),
    summary: 'Geocode a test address and show what the provider answers',
    body: TestAddressGeocodingRequest,
    response: Ok.extend(AddressTestResult.shape),
  }),
} as const;

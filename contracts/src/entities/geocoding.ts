import { z } from 'zod';
import { IsoDate } from '../common';
import { Coordinates } from '../fields';

export const DealerCategoryId = z.string().trim().min(1).max(60);

/** A dealer as drawn on the maps. */
export const MapDealer = z.object({
  dealer_id: z.string(),
  business_name: z.string().nullable(),
  full_name: z.string().nullable(),
  category: DealerCategoryId.describe('dealer, manufacturer, distributor or an admin-defined category'),
  street_address: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  coordinates: Coordinates.nullable(),
  google_latitude: z.number().nullable(),
  google_longitude: z.number().nullable(),
  geocoding_status: z.string().nullable().describe("'error' when the last attempt failed"),
  geocoding_error: z.string().nullable(),
});
export type MapDealer = z.infer<typeof MapDealer>;

/** A locator result: a map dealer and its great-circle distance from the searched point. */
export const LocatedDealer = MapDealer.extend({ distance: z.number().nonnegative().describe('miles') });
export type LocatedDealer = z.infer<typeof LocatedDealer>;

export const MapCategory = z.object({
  id: DealerCategoryId.describe('the name in lower case with underscores'),
  name: z.string().trim().min(1, 'Error: Category name is required').max(60),
  color: z.string().max(30),
  icon: z.string().max(200_000).nullable().describe('image data URL or URL'),
  iconSize: z.number().min(5).max(50).describe('percent'),
});
export type MapCategory = z.infer<typeof MapCategory>;

export const DEFAULT_MAP_CATEGORIES: MapCategory[] = [
  { id: 'dealer', name: 'Dealer', color: 'blue', icon: null, iconSize: 10 },
  { id: 'manufacturer', name: 'Manufacturer', color: 'red', icon: null, iconSize: 10 },
];

/** Popup and map behaviour kept on the server. */
export const MapDisplaySettings = z.object({
  showControls: z.boolean(),
  enableClustering: z.boolean(),
  popupTextColor: z.string().max(30),
  popupBgColor: z.string().max(30),
  popupBorderRadius: z.number().min(0).max(20),
  popupOpacity: z.number().min(0).max(100),
  popupBlur: z.number().min(0).max(20),
});
export type MapDisplaySettings = z.infer<typeof MapDisplaySettings>;

export const DEFAULT_MAP_DISPLAY_SETTINGS: MapDisplaySettings = {
  showControls: true,
  enableClustering: false,
  popupTextColor: '#333333',
  popupBgColor: '#ffffff',
  popupBorderRadius: 8,
  popupOpacity: 100,
  popupBlur: 10,
};

export const REPAIR_STRATEGIES = [
  'enhanced_geocoding',
  'address_normalization',
  'partial_address_geocoding',
  'nearby_location_search',
] as const;
export const RepairStrategy = z.enum(REPAIR_STRATEGIES);

const Count = z.number().int().nonnegative();

export const GeocodingSummary = z.object({
  health_percentage: z.number().min(0).max(100),
  healthy_count: Count,
  missing_count: Count,
  error_count: Count,
  suspicious_count: Count,
  recent_repairs_7_days: Count,
  diagnosis_age_hours: z.number().nonnegative().nullable().describe('null when no diagnosis has run'),
});
export type GeocodingSummary = z.infer<typeof GeocodingSummary>;

const DiagnosedDealer = z.object({
  dealer_id: z.string(),
  business_name: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  severity: z.enum(['high', 'medium', 'low']),
  issues: z.array(z.string()),
  coordinates: Coordinates.nullable(),
});

export const Diagnosis = z.object({
  total_dealers: Count,
  timestamp: IsoDate,
  summary: z.object({ healthy_count: Count, missing_count: Count, error_count: Count, suspicious_count: Count }),
  repair_suggestions: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      priority: z.enum(['high', 'medium', 'low']),
      dealer_ids: z.array(z.string()),
    }),
  ),
  error_dealers: z.array(DiagnosedDealer),
  missing_coordinates: z.array(DiagnosedDealer),
  suspicious_coordinates: z.array(DiagnosedDealer),
});
export type Diagnosis = z.infer<typeof Diagnosis>;

export const RepairResult = z.object({ successful_repairs: Count, total_processed: Count });

export const GeocodingHistoryEntry = z
  .object({
    id: z.string(),
    dealer_id: z.string(),
    occurred_at: IsoDate,
    action: z.enum(['geocode', 'repair', 'manual_override']),
    status: z.enum(['ok', 'error', 'manual']),
    coordinates: Coordinates.nullable(),
    source: z.string().nullable().describe('provider name, or manual'),
    error: z.string().nullable(),
    notes: z.string().nullable(),
  })
  .describe('Fields not shown in the spec: one geocoding attempt or override of a dealer');
export type GeocodingHistoryEntry = z.infer<typeof GeocodingHistoryEntry>;

export const AddressTestResult = z.object({
  test_address: z.object({ address: z.string(), city: z.string(), state: z.string(), zip_code: z.string() }),
  geocoding_result: z.object({
    status: z.string(),
    error: z.string().nullable(),
    coordinates: z
      .object({
        lat: z.number(),
        lng: z.number(),
        source: z.string(),
        confidence: z.number().min(0).max(1).nullable(),
        matched_address: z.string().nullable(),
      })
      .nullable(),
  }),
});

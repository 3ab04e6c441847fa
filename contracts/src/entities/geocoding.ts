import { z } from 'zod';
import { IsoDate } from '../common';
import { Coordinates } from '../fields';

export const DealerCategoryId = z.string().trim().min(1).max(60);

/** How precise a geocoder's answer is, best first. */
export const GEOCODE_CONFIDENCES = ['rooftop', 'interpolated', 'zip_centroid', 'city_centroid'] as const;
export const GeocodeConfidence = z.enum(GEOCODE_CONFIDENCES);
export type GeocodeConfidence = z.infer<typeof GeocodeConfidence>;

/** A dealer as drawn on the maps. */
export const MapDealer = z.object({
  dealer_id: z.string(),
  business_name: z.string().nullable(),
  full_name: z.string().nullable(),
  category: DealerCategoryId.describe('dealer, manufacturer, distributor or an admin-defined category'),
  street_address: z.string().nullable().describe('the street line of the address'),
  address: z.string().nullable().describe("the street line, as on the dealer's record"),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  coordinates: Coordinates.nullable(),
  google_latitude: z.number().nullable(),
  google_longitude: z.number().nullable(),
  geocoding_status: z
    .enum(['ok', 'error', 'manual', 'pending'])
    .nullable()
    .describe("'error' when the last attempt failed; null when the dealer has no address to geocode"),
  geocoding_error: z.string().nullable(),
  geocoding_source: z.string().nullable().describe('offline, google or manual'),
  geocoding_confidence: GeocodeConfidence.nullable(),
});
export type MapDealer = z.infer<typeof MapDealer>;

/** A locator result: a map dealer and its great-circle distance from the searched point. */
export const LocatedDealer = MapDealer.extend({
  distance: z.number().nonnegative().describe('great-circle miles (earth radius 3959), one decimal'),
});
export type LocatedDealer = z.infer<typeof LocatedDealer>;

/** The id of a category: its name in lower case, every run of other characters an underscore ('Pro Shop' -> pro_shop). */
export function categoryIdOf(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export const MapCategory = z.object({
  id: DealerCategoryId.describe('the name in lower case with underscores'),
  name: z.string().trim().min(1, 'Error: Category name is required').max(60),
  color: z.string().max(30),
  icon: z.string().max(200_000).nullable().describe('image data URL or URL'),
  iconSize: z.number().min(5).max(50).describe('percent'),
});
export type MapCategory = z.infer<typeof MapCategory>;

/** The category every dealer falls back to; it cannot be deleted. */
export const DEFAULT_CATEGORY_ID = 'dealer';
export const DEFAULT_ICON_SIZE = 10;

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

/** 001 §9: the US box dealers are drawn in, and the console's labels for manual coordinates. */
export const US_BOUNDS = { minLat: 24.5, maxLat: 49.5, minLng: -124.5, maxLng: -66.5 } as const;
export const MANUAL_COORDINATE_RANGE = { minLat: 24.5, maxLat: 49.5, minLng: -125.0, maxLng: -66.5 } as const;

/** 001 §4: health bands of the geocoding console. */
export const HEALTH_BANDS = ['Excellent', 'Good', 'Fair', 'Needs Attention'] as const;
export const HealthBand = z.enum(HEALTH_BANDS);
export type HealthBand = z.infer<typeof HealthBand>;

/** 001 §4: the states of a bulk repair, as the console's progress bar shows them. */
export const BatchState = z.enum(['idle', 'running', 'complete']);
export const BatchProgress = z.object({
  state: BatchState,
  total: z.number().int().nonnegative(),
  processed: z.number().int().nonnegative(),
  successful: z.number().int().nonnegative(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type BatchProgress = z.infer<typeof BatchProgress>;

export const REPAIR_STRATEGIES = [
  'enhanced_geocoding',
  'address_normalization',
  'partial_address_geocoding',
  'nearby_location_search',
] as const;
export const RepairStrategy = z.enum(REPAIR_STRATEGIES);
export type RepairStrategy = z.infer<typeof RepairStrategy>;

const Count = z.number().int().nonnegative();

export const GeocodingSummary = z.object({
  health_percentage: z.number().min(0).max(100),
  health_band: HealthBand.describe('95+ Excellent, 85-94 Good, 70-84 Fair, below 70 Needs Attention'),
  total_dealers: z.number().int().nonnegative(),
  healthy_count: Count,
  missing_count: Count,
  error_count: Count,
  suspicious_count: Count,
  recent_repairs_7_days: Count,
  diagnosis_age_hours: z.number().nonnegative().nullable().describe('null when no diagnosis has run'),
  diagnosis_stale: z.boolean().describe('no diagnosis, or the last one is older than 24 hours'),
  batch: BatchProgress.describe('the latest bulk repair: what the progress bar shows (poll while running)'),
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

export const RepairResult = z.object({
  successful_repairs: Count,
  total_processed: Count,
  failed_dealer_ids: z.array(z.string()).describe('dealers no strategy could place'),
  strategies_used: z.record(z.string(), Count).describe('how many dealers each strategy repaired'),
});
export type RepairResult = z.infer<typeof RepairResult>;

export const GeocodingHistoryEntry = z
  .object({
    id: z.string(),
    dealer_id: z.string(),
    occurred_at: IsoDate,
    action: z.enum(['geocode', 'repair', 'manual_override', 'coordinates_update']),
    actor: z.string().describe("who or what: an admin's email, or the event that triggered it (dealer.created)"),
    status: z.enum(['ok', 'error', 'manual']),
    previous_coordinates: Coordinates.nullable().describe('from'),
    coordinates: Coordinates.nullable().describe('to'),
    source: z.string().nullable().describe('offline, google or manual'),
    confidence: GeocodeConfidence.nullable(),
    strategy: z.string().nullable().describe('the repair strategy that placed the dealer'),
    matched_address: z.string().nullable(),
    error: z.string().nullable(),
    notes: z.string().nullable(),
  })
  .describe('Fields not shown in the spec: one geocoding attempt or override of a dealer');
export type GeocodingHistoryEntry = z.infer<typeof GeocodingHistoryEntry>;

/** What a geocoder answers for one address. */
export const GeocodeAnswer = z.object({
  lat: z.number(),
  lng: z.number(),
  source: z.string(),
  confidence: GeocodeConfidence,
  matched_address: z.string().nullable(),
});
export type GeocodeAnswer = z.infer<typeof GeocodeAnswer>;

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
        confidence: GeocodeConfidence,
        matched_address: z.string().nullable(),
      })
      .nullable(),
  }),
});
export type AddressTestResult = z.infer<typeof AddressTestResult>;

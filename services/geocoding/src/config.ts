import { BaseConfig } from '@portal/platform';
import { z } from 'zod';

/** What the geocoding service reads besides BaseConfig (docs/configuration.md lists each). */
export const GeocodingConfig = BaseConfig.extend({
  /** when set, addresses are geocoded by Google (paced, retried), with the offline answer as fallback */
  GOOGLE_MAPS_API_KEY: z.string().trim().min(1).optional(),
  /** the pause between two Google geocoding calls (001 §9: 200 ms) */
  GOOGLE_GEOCODE_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  /** Google's Geocoding API (another address: a proxy, or a stand-in in tests) */
  GOOGLE_GEOCODE_URL: z.url({ protocol: /^https?$/ }).default('https://maps.googleapis.com/maps/api/geocode/json'),
  /** how often a replica looks for dealers placed offline that Google should place better (when it has none) */
  GOOGLE_REFINE_IDLE_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
  /** public locator searches one client may make per minute (cached answers included) */
  LOCATOR_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(6000),
  /** searches per minute and client that must geocode a place not asked for before (the costly part) */
  LOCATOR_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** loads of every dealer's location (the locator's map, Show All) one client may make per minute, 304s included */
  LOCATOR_LISTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
});
export type GeocodingConfig = z.infer<typeof GeocodingConfig>;

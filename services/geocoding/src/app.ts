import { defineService } from '@portal/platform';
import { GeocodingConfig } from './config';
import { Geocoding1767000000000 } from './data/migrations/1767000000000-geocoding';
import { GeocodingHealthIndex1767000000001 } from './data/migrations/1767000000001-geocoding-health-index';
import { GoogleRefinement1767000000002 } from './data/migrations/1767000000002-google-refinement';
import { GeocodingHistoryPages1767500000000 } from './data/migrations/1767500000000-geocoding-history-pages';
import { LocatorLimits1767500000001 } from './data/migrations/1767500000001-locator-limits';
import { dealerBatchConsumers } from './events/dealer-directory';
import {
  bulkRepairGeocoding,
  geocodeAddress,
  geocodingDiagnosis,
  geocodingSummary,
  repairDealerGeocoding,
  testAddressGeocoding,
} from './http/admin/console';
import {
  dealersForMap,
  geocodingHistory,
  geocodingStatus,
  manualCoordinateOverride,
  mapSettings,
  saveMapSettings,
  updateDealerCategory,
  updateDealerCoordinates,
  uploadMarkerImage,
} from './http/admin/map';
import { dealerLocations, markerImage, publicMapSettings, searchDealers } from './http/public/locator';
import { startRuntime, stopRuntime } from './runtime';

export const geocodingService = defineService({
  name: 'geocoding',
  config: GeocodingConfig,
  migrations: [
    Geocoding1767000000000,
    GeocodingHealthIndex1767000000001,
    GoogleRefinement1767000000002,
    GeocodingHistoryPages1767500000000,
    LocatorLimits1767500000001,
  ],
  // geocoders, state shapes and the locator index, before the first event or request
  dependencies: startRuntime,
  onStop: stopRuntime,
  // a bulk import announces thousands of dealers: applied and geocoded a batch per transaction
  batchConsumers: { ...dealerBatchConsumers },
  handlers: {
    'admin.dealersForMap': dealersForMap,
    'admin.mapSettings': mapSettings,
    'admin.saveMapSettings': saveMapSettings,
    'public.searchDealers': searchDealers,
    'public.dealerLocations': dealerLocations,
    'public.mapSettings': publicMapSettings,
    'public.markerImage': markerImage,
    'admin.updateDealerCategory': updateDealerCategory,
    'admin.geocodeAddress': geocodeAddress,
    'admin.updateDealerCoordinates': updateDealerCoordinates,
    'admin.uploadMarkerImage': uploadMarkerImage,
    'admin.geocodingSummary': geocodingSummary,
    'admin.geocodingDiagnosis': geocodingDiagnosis,
    'admin.geocodingStatus': geocodingStatus,
    'admin.repairDealerGeocoding': repairDealerGeocoding,
    'admin.bulkRepairGeocoding': bulkRepairGeocoding,
    'admin.geocodingHistory': geocodingHistory,
    'admin.manualCoordinateOverride': manualCoordinateOverride,
    'admin.testAddressGeocoding': testAddressGeocoding,
  },
});

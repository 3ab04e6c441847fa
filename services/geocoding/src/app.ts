import { defineService } from '@portal/platform';
import { GeocodingConfig } from './config';
import { Geocoding1767000000000 } from './data/migrations/1767000000000-geocoding';
import { GeocodingHealthIndex1767000000001 } from './data/migrations/1767000000001-geocoding-health-index';
import {
  dealerArchived,
  dealerCreated,
  dealerDeleted,
  dealerRestored,
  dealerSnapshots,
  dealerUpdated,
} from './events/dealer-directory';
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
  manualCoordinateOverride,
  mapSettings,
  saveMapSettings,
  updateDealerCategory,
  updateDealerCoordinates,
  uploadMarkerImage,
} from './http/admin/map';
import { markerImage, searchDealers } from './http/public/locator';
import { startRuntime } from './runtime';

export const geocodingService = defineService({
  name: 'geocoding',
  config: GeocodingConfig,
  migrations: [Geocoding1767000000000, GeocodingHealthIndex1767000000001],
  // geocoders, state shapes and the locator index, before the first event or request
  onStart: async (ctx) => {
    await startRuntime(ctx);
  },
  consumers: {
    'dealer.created': dealerCreated,
    'dealer.updated': dealerUpdated,
    'dealer.archived': dealerArchived,
    'dealer.restored': dealerRestored,
    'dealer.deleted': dealerDeleted,
  },
  // a bulk import announces thousands of dealers: applied and geocoded a batch per transaction
  batchConsumers: {
    'dealer.created': dealerSnapshots,
    'dealer.updated': dealerSnapshots,
  },
  handlers: {
    'admin.dealersForMap': dealersForMap,
    'admin.mapSettings': mapSettings,
    'admin.saveMapSettings': saveMapSettings,
    'public.searchDealers': searchDealers,
    'public.markerImage': markerImage,
    'admin.updateDealerCategory': updateDealerCategory,
    'admin.geocodeAddress': geocodeAddress,
    'admin.updateDealerCoordinates': updateDealerCoordinates,
    'admin.uploadMarkerImage': uploadMarkerImage,
    'admin.geocodingSummary': geocodingSummary,
    'admin.geocodingDiagnosis': geocodingDiagnosis,
    'admin.repairDealerGeocoding': repairDealerGeocoding,
    'admin.bulkRepairGeocoding': bulkRepairGeocoding,
    'admin.geocodingHistory': geocodingHistory,
    'admin.manualCoordinateOverride': manualCoordinateOverride,
    'admin.testAddressGeocoding': testAddressGeocoding,
  },
});

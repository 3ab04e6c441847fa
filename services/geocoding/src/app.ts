import { defineService, notImplemented } from '@portal/platform';

const RELEASE = 'the maps and geocoding release';

export const geocodingService = defineService({
  name: 'geocoding',
  migrations: [],
  handlers: {
    'admin.dealersForMap': notImplemented(RELEASE),
    'admin.mapSettings': notImplemented(RELEASE),
    'admin.saveMapSettings': notImplemented(RELEASE),
    'public.searchDealers': notImplemented(RELEASE),
    'admin.updateDealerCategory': notImplemented(RELEASE),
    'admin.geocodeAddress': notImplemented(RELEASE),
    'admin.updateDealerCoordinates': notImplemented(RELEASE),
    'admin.uploadMarkerImage': notImplemented(RELEASE),
    'admin.geocodingSummary': notImplemented(RELEASE),
    'admin.geocodingDiagnosis': notImplemented(RELEASE),
    'admin.repairDealerGeocoding': notImplemented(RELEASE),
    'admin.bulkRepairGeocoding': notImplemented(RELEASE),
    'admin.geocodingHistory': notImplemented(RELEASE),
    'admin.manualCoordinateOverride': notImplemented(RELEASE),
    'admin.testAddressGeocoding': notImplemented(RELEASE),
  },
});

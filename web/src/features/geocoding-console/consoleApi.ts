import { apiSlice } from '../../api/apiSlice';
import { contractMutation, contractQuery } from '../../api/contractEndpoint';
import { contractPagedQuery } from '../../api/contractPagedQuery';

/** The geocoding console's calls (001 §7). */
export const consoleApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getGeocodingSummary: contractQuery(build, 'admin.geocodingSummary', {
      select: (body) => body.summary,
      providesTags: ['GeocodingSummary'],
    }),
    // a diagnosis is run on demand (Run Full Diagnosis), never from the cache
    runGeocodingDiagnosis: contractMutation(build, 'admin.geocodingDiagnosis', {
      select: (body) => body.diagnosis,
      invalidatesTags: ['GeocodingSummary'],
    }),
    repairDealerGeocoding: contractMutation(build, 'admin.repairDealerGeocoding', {
      invalidatesTags: ['GeocodingSummary', 'MapDealers'],
    }),
    bulkRepairGeocoding: contractMutation(build, 'admin.bulkRepairGeocoding', {
      select: (body) => body.repair_result,
      invalidatesTags: ['GeocodingSummary', 'MapDealers'],
    }),
    /** A dealer's geocoding history, newest first, 50 entries at a time. */
    getGeocodingHistoryPages: contractPagedQuery(build, 'admin.geocodingHistory'),
    manualCoordinateOverride: contractMutation(build, 'admin.manualCoordinateOverride', {
      invalidatesTags: ['GeocodingSummary', 'MapDealers'],
    }),
    testAddressGeocoding: contractMutation(build, 'admin.testAddressGeocoding'),
  }),
});

export const {
  useGetGeocodingSummaryQuery,
  useRunGeocodingDiagnosisMutation,
  useRepairDealerGeocodingMutation,
  useBulkRepairGeocodingMutation,
  useGetGeocodingHistoryPagesInfiniteQuery,
  useManualCoordinateOverrideMutation,
  useTestAddressGeocodingMutation,
} = consoleApi;

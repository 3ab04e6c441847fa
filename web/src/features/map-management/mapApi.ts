import { apiSlice } from '../../api/apiSlice';
import { contractMutation, contractQuery } from '../../api/contractEndpoint';

/** The admin map's calls: dealers on the map, categories and popup settings, markers, coordinates. */
export const mapApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getDealersForMap: contractQuery(build, 'admin.dealersForMap', {
      select: (body) => body.dealers,
      providesTags: ['MapDealers'],
    }),
    getMapSettings: contractQuery(build, 'admin.mapSettings', {
      select: ({ categories, settings }) => ({ categories, settings }),
      providesTags: ['MapSettings'],
    }),
    saveMapSettings: contractMutation(build, 'admin.saveMapSettings', {
      select: ({ categories, settings }) => ({ categories, settings }),
      invalidatesTags: ['MapSettings', 'MapDealers'],
    }),
    updateDealerCategory: contractMutation(build, 'admin.updateDealerCategory', { invalidatesTags: ['MapDealers'] }),
    uploadMarkerImage: contractMutation(build, 'admin.uploadMarkerImage'),
    geocodeAddress: contractMutation(build, 'admin.geocodeAddress'),
    updateDealerCoordinates: contractMutation(build, 'admin.updateDealerCoordinates', {
      invalidatesTags: ['MapDealers', 'GeocodingSummary'],
    }),
  }),
});

export const {
  useGetDealersForMapQuery,
  useGetMapSettingsQuery,
  useSaveMapSettingsMutation,
  useUpdateDealerCategoryMutation,
  useUploadMarkerImageMutation,
  useGeocodeAddressMutation,
  useUpdateDealerCoordinatesMutation,
} = mapApi;

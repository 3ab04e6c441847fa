import { apiSlice } from '../../api/apiSlice';
import { contractMutation } from '../../api/contractEndpoint';

export const bulkImportApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    importDealers: contractMutation(build, 'admin.bulkImportDealers', {
      select: (body) => body.results,
      invalidatesTags: ['Dealers', 'DashboardStats'],
    }),
  }),
});

export const { useImportDealersMutation } = bulkImportApi;

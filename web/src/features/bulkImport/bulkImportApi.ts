import { type BodyOf, type BulkImportResults, endpoints, type ResponseOf } from '@portal/contracts';
import { contractCall } from '../../api/contractCall';
import { dealerTagsApi } from '../dealers/dealersApi';

const bulkImport = endpoints['admin.bulkImportDealers'];

export const bulkImportApi = dealerTagsApi.injectEndpoints({
  endpoints: (build) => ({
    importDealers: build.mutation<BulkImportResults, BodyOf<typeof bulkImport>>({
      query: (body) => contractCall(bulkImport, { body }),
      transformResponse: (body: ResponseOf<typeof bulkImport>) => body.results,
      invalidatesTags: ['Dealers', 'DashboardStats'],
    }),
  }),
});

export const { useImportDealersMutation } = bulkImportApi;

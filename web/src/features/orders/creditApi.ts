import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';

/** Terms and credit (issue 24): a dealer's payment terms and credit limit, and releasing an order's credit hold. */
export const creditApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getDealerTerms: query(build, 'admin.dealerTerms', { select: (body) => body.terms, providesTags: ['DealerTerms'] }),
    updateDealerTerms: mutation(build, 'admin.updateDealerTerms', {
      select: (body) => body.terms,
      invalidatesTags: ['DealerTerms'],
    }),
    releaseOrderHold: mutation(build, 'admin.releaseOrderHold', { invalidatesTags: ['Orders'] }),
  }),
});

export const { useGetDealerTermsQuery, useUpdateDealerTermsMutation, useReleaseOrderHoldMutation } = creditApi;

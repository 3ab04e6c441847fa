import { apiSlice } from '../../api/apiSlice';
import { contractQuery as query } from '../../api/contractEndpoint';

/**
 * The signed-in dealer's progress in the running incentive programs (beyond the spec). Its figures move with
 * the dealer's orders through the incentive service's events, so the Overview re-reads it when it opens.
 */
export const incentiveProgressApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getIncentiveProgress: query(build, 'dealer.incentiveProgress', {
      select: (body) => body.programs,
      providesTags: ['Performance', 'IncentivePrograms', 'Achievements'],
    }),
  }),
});

export const { useGetIncentiveProgressQuery } = incentiveProgressApi;

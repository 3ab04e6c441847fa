import { apiSlice } from '../../api/apiSlice';
import { contractQuery as query } from '../../api/contractEndpoint';

/** The incentive service's performance figures: the Best performers card and the Performance Data table. */
export const performanceApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getTopPerformers: query(build, 'admin.topPerformers', {
      select: (body) => body.data,
      providesTags: ['Performance'],
    }),
    getDealerPerformance: query(build, 'admin.dealerPerformance', {
      select: (body) => body.data,
      providesTags: ['Performance'],
    }),
  }),
});

export const { useGetTopPerformersQuery, useGetDealerPerformanceQuery } = performanceApi;

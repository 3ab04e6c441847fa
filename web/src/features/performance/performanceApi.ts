import { apiSlice } from '../../api/apiSlice';
import { contractQuery as query } from '../../api/contractEndpoint';
import { contractPagedQuery } from '../../api/contractPagedQuery';

/** The incentive service's performance figures: the Best performers card and the Performance Data table. */
export const performanceApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getTopPerformers: query(build, 'admin.topPerformers', {
      select: (body) => body.data,
      providesTags: ['Performance'],
    }),
    /** Performance Data: 50 dealers at a time, searched and sorted on the server. */
    getDealerPerformancePages: contractPagedQuery(build, 'admin.dealerPerformance', { providesTags: ['Performance'] }),
  }),
});

export const { useGetTopPerformersQuery, useGetDealerPerformancePagesInfiniteQuery } = performanceApi;

import { apiSlice } from '../../api/apiSlice';
import { contractQuery } from '../../api/contractEndpoint';

export const dashboardApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getDashboardStats: contractQuery(build, 'admin.dashboardStats', {
      select: ({ dealer_counts, order_stats }) => ({ dealer_counts, order_stats }),
      providesTags: ['DashboardStats'],
    }),
  }),
});

export const { useGetDashboardStatsQuery } = dashboardApi;

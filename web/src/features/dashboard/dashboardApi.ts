import { type DashboardStats, endpoints, type ResponseOf } from '@portal/contracts';
import { contractCall } from '../../api/contractCall';
import { dealerTagsApi } from '../dealers/dealersApi';

const stats = endpoints['admin.dashboardStats'];

export const dashboardApi = dealerTagsApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboardStats: build.query<DashboardStats, void>({
      query: () => contractCall(stats),
      transformResponse: ({ dealer_counts, order_stats }: ResponseOf<typeof stats>) => ({ dealer_counts, order_stats }),
      providesTags: ['DashboardStats'],
    }),
  }),
});

export const { useGetDashboardStatsQuery } = dashboardApi;

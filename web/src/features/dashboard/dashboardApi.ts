import { apiSlice } from '../../api/apiSlice';
import { contractQuery } from '../../api/contractEndpoint';

/**
 * How the dashboard keeps its stat cards current. Orders change from other sessions too (a dealer submits one, a
 * shipment moves its status) and the dealer service's order figures follow the order events a moment after the
 * change, so the stats are read again whenever the dashboard opens with figures older than a few seconds, and
 * when the tab becomes visible again. Order mutations of this client also invalidate the 'DashboardStats' tag
 * (features/orders/ordersApi.ts).
 */
export const DASHBOARD_STATS_MAX_AGE_SECONDS = 5;
export const DASHBOARD_STATS_REFRESH = {
  refetchOnMountOrArgChange: DASHBOARD_STATS_MAX_AGE_SECONDS,
  refetchOnFocus: true,
} as const;

export const dashboardApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getDashboardStats: contractQuery(build, 'admin.dashboardStats', {
      select: ({ dealer_counts, order_stats }) => ({ dealer_counts, order_stats }),
      providesTags: ['DashboardStats'],
    }),
  }),
});

export const { useGetDashboardStatsQuery } = dashboardApi;

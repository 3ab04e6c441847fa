import { apiSlice } from '../../api/apiSlice';
import { contractQuery as query } from '../../api/contractEndpoint';

/** Where is my order: one order's timeline (placed to delivered, its payments, what comes next). */
export const orderTimelineApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // an order change or payment anywhere invalidates it with the order lists
    getOrderTimeline: query(build, 'dealer.orderTimeline', {
      select: (body) => body.timeline,
      providesTags: ['Orders'],
    }),
  }),
});

export const { useGetOrderTimelineQuery } = orderTimelineApi;

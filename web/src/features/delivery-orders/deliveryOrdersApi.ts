import { apiSlice } from '../../api/apiSlice';
import { contractQuery as query } from '../../api/contractEndpoint';

/** The delivery user's Orders tab: every order, read-only (GET /api/admin/all-orders allows delivery). */
export const deliveryOrdersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getDeliveryOrders: query(build, 'admin.allOrders', { select: (body) => body.orders, providesTags: ['Orders'] }),
  }),
});

export const { useGetDeliveryOrdersQuery } = deliveryOrdersApi;

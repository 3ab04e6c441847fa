import { apiSlice } from '../../api/apiSlice';
import { contractPagedQuery } from '../../api/contractPagedQuery';

/**
 * The delivery user's Orders tab: every order, read-only (GET /api/admin/all-orders allows delivery), 50 at a
 * time, searched, filtered and sorted on the server.
 */
export const deliveryOrdersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getDeliveryOrderPages: contractPagedQuery(build, 'admin.allOrders', { providesTags: ['Orders'] }),
  }),
});

export const { useGetDeliveryOrderPagesInfiniteQuery } = deliveryOrdersApi;

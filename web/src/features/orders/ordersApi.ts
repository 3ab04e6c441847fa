import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';

/** Orders: a dealer's own list (through the admin-prefixed path, spec 000 §6) and the dealer's submit. */
export const ordersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getDealerOrders: query(build, 'admin.dealerOrders', { select: (body) => body.orders, providesTags: ['Orders'] }),
    /** The body's `idempotency_key` makes a retried or double-clicked submit create one order. */
    submitOrder: mutation(build, 'dealer.submitOrder', { invalidatesTags: ['Orders'] }),
  }),
});

export const { useGetDealerOrdersQuery, useSubmitOrderMutation } = ordersApi;

import { apiSlice } from '../../api/apiSlice';
import { contractQuery as query } from '../../api/contractEndpoint';

/** The dealer's proof of delivery of one of their orders: its signature is a signed link that expires. */
export const myOrdersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getOrderProof: query(build, 'dealer.orderProof', { select: (body) => body.proof }),
  }),
});

export const { useGetOrderProofQuery } = myOrdersApi;

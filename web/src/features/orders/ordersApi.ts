import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';
import { contractPagedQuery } from '../../api/contractPagedQuery';

/** What an order change may move besides the lists: the dashboard's Pending Orders and New Orders cards. */
const ORDER_READS = ['Orders', 'DashboardStats'] as const;

/**
 * Orders: the admin's list of every order and its changes (invoice edits, new orders, payments, the invoice
 * email), a dealer's own list (through the admin-prefixed path, spec 000 §6) and the dealer's submit.
 */
export const ordersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** The admin's Orders tab: pages of the filtered, searched and sorted orders (more as the table scrolls). */
    getAllOrdersPages: contractPagedQuery(build, 'admin.allOrders', { providesTags: ['Orders'] }),
    /** How many orders match (ask with `limit: 1`): the dashboard's count of orders on credit hold. */
    getOrderCount: query(build, 'admin.allOrders', { select: (body) => body.total ?? 0, providesTags: ['Orders'] }),
    /** A dealer's order figures over all its orders (Overview, dealer detail), summed by the server. */
    getDealerOrderSummary: query(build, 'admin.dealerOrderSummary', {
      select: (body) => body.summary,
      providesTags: ['Orders'],
    }),
    /** A dealer's orders, newest first, in pages (dealer detail, My Orders). */
    getDealerOrdersPages: contractPagedQuery(build, 'admin.dealerOrders', { providesTags: ['Orders'] }),
    /** The body's `idempotency_key` makes a retried or double-clicked submit create one order. */
    submitOrder: mutation(build, 'dealer.submitOrder', { invalidatesTags: [...ORDER_READS] }),
    createOrder: mutation(build, 'admin.createOrder', { invalidatesTags: [...ORDER_READS] }),
    updateOrder: mutation(build, 'admin.updateOrder', { invalidatesTags: [...ORDER_READS] }),
    recordPayment: mutation(build, 'admin.recordPayment', { invalidatesTags: ['Orders'] }),
    emailInvoice: mutation(build, 'admin.emailInvoice'),
    /** The invoice heading: the company's name, address, email and phone (public; refetched on a visible tab). */
    getInvoiceCompany: query(build, 'public.companySettings', {
      select: (body) => body.settings,
      providesTags: ['CompanySettings'],
    }),
  }),
});

export const {
  useGetAllOrdersPagesInfiniteQuery,
  useGetOrderCountQuery,
  useGetDealerOrderSummaryQuery,
  useGetDealerOrdersPagesInfiniteQuery,
  useSubmitOrderMutation,
  useCreateOrderMutation,
  useUpdateOrderMutation,
  useRecordPaymentMutation,
  useEmailInvoiceMutation,
  useGetInvoiceCompanyQuery,
} = ordersApi;

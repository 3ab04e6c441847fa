import { apiSlice } from '../../api/apiSlice';
import { contractPagedQuery } from '../../api/contractPagedQuery';

/**
 * The dealer lists read in pages outside the Manage Dealers table: the archived dealers (newest archive first)
 * and one dealer's admin notes (newest first).
 */
export const dealerPagesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getArchivedDealerPages: contractPagedQuery(build, 'admin.archivedDealers', { providesTags: ['ArchivedDealers'] }),
    getDealerNotePages: contractPagedQuery(build, 'admin.dealerNotes', {
      providesTags: (_result, _error, arg) => [{ type: 'DealerNotes', id: arg.params.dealer_id }],
    }),
  }),
});

export const { useGetArchivedDealerPagesInfiniteQuery, useGetDealerNotePagesInfiniteQuery } = dealerPagesApi;

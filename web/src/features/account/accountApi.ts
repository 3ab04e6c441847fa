import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';
import { contractPagedQuery, contractPagedQueryBy } from '../../api/contractPagedQuery';

/**
 * A dealer's account (issue 24): its statement (the admin's view of any dealer, the dealer's own), emailing it,
 * and the AR aging report. A statement is orders and payments as of a day: every order change or payment, and a
 * change of terms, may move it, so it is read again after those.
 */
export const accountApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** A statement's pages: each answers the range's figures and one page of its entries (`statement.next_cursor`). */
    getDealerStatementPages: contractPagedQueryBy(
      build,
      'admin.dealerStatement',
      (page) => page.statement.next_cursor,
      {
        providesTags: ['Orders', 'DealerTerms'],
      },
    ),
    getOwnStatementPages: contractPagedQueryBy(build, 'dealer.statement', (page) => page.statement.next_cursor, {
      providesTags: ['Orders', 'DealerTerms'],
    }),
    /** The signed-in dealer's statement figures (balance, aging, what is due) without its entries' pages. */
    getOwnStatement: query(build, 'dealer.statement', {
      select: (body) => body.statement,
      providesTags: ['Orders', 'DealerTerms'],
    }),
    emailStatement: mutation(build, 'admin.emailStatement'),
    /** The AR aging report: pages of dealers with something unpaid, by business name. */
    getArAgingPages: contractPagedQuery(build, 'admin.arAging', { providesTags: ['Orders', 'DealerTerms'] }),
  }),
});

export const {
  useGetDealerStatementPagesInfiniteQuery,
  useGetOwnStatementPagesInfiniteQuery,
  useGetOwnStatementQuery,
  useEmailStatementMutation,
  useGetArAgingPagesInfiniteQuery,
} = accountApi;

import { apiSlice } from '../../api/apiSlice';
import { contractMutation, contractQuery } from '../../api/contractEndpoint';

/** How many applicants the dashboard lists: the oldest first, the rest counted. */
export const PENDING_APPLICATIONS_SHOWN = 10;
export const PENDING_APPLICATIONS_ARG = { query: { limit: PENDING_APPLICATIONS_SHOWN } } as const;
/** Applications arrive from visitors at any time: the list is read again when the dashboard opens or regains focus. */
export const PENDING_APPLICATIONS_REFRESH = { refetchOnMountOrArgChange: true, refetchOnFocus: true } as const;

/**
 * The admin dashboard's pending applicants (GET /api/admin/pending-dealers, first page with its total) and their
 * approval or rejection (POST /api/admin/dealer-action), which moves the applicant into the dealer lists and the
 * counts, and adds the admin's notes to the dealer's notes.
 */
export const pendingApplicationsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getPendingApplications: contractQuery(build, 'admin.pendingDealers', {
      select: (body) => ({ dealers: body.dealers, total: body.total ?? body.dealers.length }),
      providesTags: ['PendingDealers'],
    }),
    processApplication: contractMutation(build, 'admin.dealerAction', {
      invalidatesTags: (_result, _error, arg) => [
        'PendingDealers',
        'Dealers',
        'ArchivedDealers',
        'DashboardStats',
        { type: 'DealerNotes', id: arg.body.dealer_id },
      ],
    }),
  }),
});

export const { useGetPendingApplicationsQuery, useProcessApplicationMutation } = pendingApplicationsApi;

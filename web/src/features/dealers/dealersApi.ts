import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';
import { contractPagedQuery } from '../../api/contractPagedQuery';

/** Every read a dealer change may affect: lists, the dashboard counts and the map. */
const DEALER_LISTS = ['Dealers', 'ArchivedDealers', 'DashboardStats'] as const;

/** One dealer's tag of a kind (notes, login, website), from the `params.dealer_id` of the call. */
const forDealer =
  <T extends 'DealerNotes' | 'DealerLogin' | 'DealerWebsite'>(type: T) =>
  (_result: unknown, _error: unknown, arg: { params: { dealer_id: string } }) => [{ type, id: arg.params.dealer_id }];

export const dealersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** Manage Dealers: pages of the filtered, searched and sorted active dealers (with the states of them all). */
    getDealerPages: contractPagedQuery(build, 'admin.allDealersEnhanced', { providesTags: ['Dealers'] }),
    /** Pickers (the New Order dealer, the Orders filter): pages of the active dealers matching the typed text. */
    getDealerPickerPages: contractPagedQuery(build, 'admin.dealersList', { providesTags: ['Dealers'] }),
    /** The map status of the drawn rows' dealers, asked in batches by mapStatus.ts (not through a hook). */
    getGeocodingStatus: query(build, 'admin.geocodingStatus', { select: (body) => body.statuses }),
    createDealer: mutation(build, 'admin.createDealer', { invalidatesTags: [...DEALER_LISTS] }),
    updateDealer: mutation(build, 'admin.updateDealer', { invalidatesTags: [...DEALER_LISTS] }),
    archiveDealer: mutation(build, 'admin.archiveDealer', { invalidatesTags: [...DEALER_LISTS] }),
    restoreDealer: mutation(build, 'admin.restoreDealer', { invalidatesTags: [...DEALER_LISTS] }),
    deleteDealer: mutation(build, 'admin.deleteDealer', { invalidatesTags: [...DEALER_LISTS] }),
    bulkUpdateZone: mutation(build, 'admin.bulkUpdateDealerZone', { invalidatesTags: ['Dealers'] }),
    addDealerNote: mutation(build, 'admin.addDealerNote', { invalidatesTags: forDealer('DealerNotes') }),
    getDealerLogin: query(build, 'admin.dealerLoginInfo', {
      select: (body) => body.login_info,
      providesTags: forDealer('DealerLogin'),
    }),
    createDealerLogin: mutation(build, 'admin.createDealerLogin', { invalidatesTags: forDealer('DealerLogin') }),
    updateDealerLogin: mutation(build, 'admin.updateDealerLogin', { invalidatesTags: forDealer('DealerLogin') }),
    sendLoginInvitation: mutation(build, 'admin.sendLoginInvitation'),
    deleteDealerLogin: mutation(build, 'admin.deleteDealerLogin', { invalidatesTags: forDealer('DealerLogin') }),
    getDealerWebsite: query(build, 'admin.dealerWebsiteInfo', {
      select: (body) => body.website_info,
      providesTags: forDealer('DealerWebsite'),
    }),
    /** Multipart: the text fields and, when chosen, the header_image file. */
    updateDealerWebsite: mutation(build, 'admin.updateDealerWebsite', {
      invalidatesTags: (_result, _error, { params }) => [{ type: 'DealerWebsite', id: params.dealer_id }, 'Dealers'],
    }),
  }),
});

export const {
  useGetDealerPagesInfiniteQuery,
  useGetDealerPickerPagesInfiniteQuery,
  useCreateDealerMutation,
  useUpdateDealerMutation,
  useArchiveDealerMutation,
  useRestoreDealerMutation,
  useDeleteDealerMutation,
  useBulkUpdateZoneMutation,
  useAddDealerNoteMutation,
  useGetDealerLoginQuery,
  useCreateDealerLoginMutation,
  useUpdateDealerLoginMutation,
  useSendLoginInvitationMutation,
  useDeleteDealerLoginMutation,
  useGetDealerWebsiteQuery,
  useUpdateDealerWebsiteMutation,
} = dealersApi;

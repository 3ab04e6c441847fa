import {
  type BodyOf,
  type Dealer,
  type DealerLogin,
  type DealerNote,
  endpoints,
  type ResponseOf,
  type WebsiteInfo,
} from '@portal/contracts';
import { apiSlice } from '../../api/apiSlice';
import { contractCall } from '../../api/contractCall';

const list = endpoints['admin.allDealersEnhanced'];
const archived = endpoints['admin.archivedDealers'];
const create = endpoints['admin.createDealer'];
const update = endpoints['admin.updateDealer'];
const archive = endpoints['admin.archiveDealer'];
const restore = endpoints['admin.restoreDealer'];
const remove = endpoints['admin.deleteDealer'];
const bulkZone = endpoints['admin.bulkUpdateDealerZone'];
const notes = endpoints['admin.dealerNotes'];
const addNote = endpoints['admin.addDealerNote'];
const loginInfo = endpoints['admin.dealerLoginInfo'];
const createLogin = endpoints['admin.createDealerLogin'];
const updateLogin = endpoints['admin.updateDealerLogin'];
const invite = endpoints['admin.sendLoginInvitation'];
const deleteLogin = endpoints['admin.deleteDealerLogin'];
const websiteInfo = endpoints['admin.dealerWebsiteInfo'];
const updateWebsite = endpoints['admin.updateDealerWebsite'];

/** Every read a dealer change may affect: lists, the dashboard counts and the map. */
const DEALER_LISTS = ['Dealers', 'ArchivedDealers', 'DashboardStats'] as const;

export interface DealerDirectory {
  dealers: Dealer[];
  availableStates: string[];
}

/** The one API slice with the dealers' cache tags; the dashboard, directory and import inject here too. */
export const dealerTagsApi = apiSlice.enhanceEndpoints({
  addTagTypes: ['Dealers', 'ArchivedDealers', 'DashboardStats', 'DealerNotes', 'DealerLogin', 'DealerWebsite'],
});

type WithDealer<B> = { dealerId: string; body: B };

export const dealersApi = dealerTagsApi.injectEndpoints({
  endpoints: (build) => ({
    getDealers: build.query<DealerDirectory, void>({
      query: () => contractCall(list),
      transformResponse: (body: ResponseOf<typeof list>) => ({
        dealers: body.dealers,
        availableStates: body.available_states,
      }),
      providesTags: ['Dealers'],
    }),
    getArchivedDealers: build.query<Dealer[], void>({
      query: () => contractCall(archived),
      transformResponse: (body: ResponseOf<typeof archived>) => body.dealers,
      providesTags: ['ArchivedDealers'],
    }),
    createDealer: build.mutation<ResponseOf<typeof create>, BodyOf<typeof create>>({
      query: (body) => contractCall(create, { body }),
      invalidatesTags: [...DEALER_LISTS],
    }),
    updateDealer: build.mutation<ResponseOf<typeof update>, WithDealer<BodyOf<typeof update>>>({
      query: ({ dealerId, body }) => contractCall(update, { params: { dealer_id: dealerId }, body }),
      invalidatesTags: [...DEALER_LISTS],
    }),
    archiveDealer: build.mutation<ResponseOf<typeof archive>, string>({
      query: (dealerId) => contractCall(archive, { params: { dealer_id: dealerId }, body: {} }),
      invalidatesTags: [...DEALER_LISTS],
    }),
    restoreDealer: build.mutation<ResponseOf<typeof restore>, string>({
      query: (dealerId) => contractCall(restore, { params: { dealer_id: dealerId }, body: {} }),
      invalidatesTags: [...DEALER_LISTS],
    }),
    deleteDealer: build.mutation<ResponseOf<typeof remove>, string>({
      query: (dealerId) => contractCall(remove, { params: { dealer_id: dealerId } }),
      invalidatesTags: [...DEALER_LISTS],
    }),
    bulkUpdateZone: build.mutation<ResponseOf<typeof bulkZone>, BodyOf<typeof bulkZone>>({
      query: (body) => contractCall(bulkZone, { body }),
      invalidatesTags: ['Dealers'],
    }),
    getDealerNotes: build.query<DealerNote[], string>({
      query: (dealerId) => contractCall(notes, { params: { dealer_id: dealerId } }),
      transformResponse: (body: ResponseOf<typeof notes>) => body.notes,
      providesTags: (_result, _error, dealerId) => [{ type: 'DealerNotes', id: dealerId }],
    }),
    addDealerNote: build.mutation<ResponseOf<typeof addNote>, WithDealer<BodyOf<typeof addNote>>>({
      query: ({ dealerId, body }) => contractCall(addNote, { params: { dealer_id: dealerId }, body }),
      invalidatesTags: (_result, _error, { dealerId }) => [{ type: 'DealerNotes', id: dealerId }],
    }),
    getDealerLogin: build.query<DealerLogin | null, string>({
      query: (dealerId) => contractCall(loginInfo, { params: { dealer_id: dealerId } }),
      transformResponse: (body: ResponseOf<typeof loginInfo>) => body.login_info,
      providesTags: (_result, _error, dealerId) => [{ type: 'DealerLogin', id: dealerId }],
    }),
    createDealerLogin: build.mutation<ResponseOf<typeof createLogin>, WithDealer<BodyOf<typeof createLogin>>>({
      query: ({ dealerId, body }) => contractCall(createLogin, { params: { dealer_id: dealerId }, body }),
      invalidatesTags: (_result, _error, { dealerId }) => [{ type: 'DealerLogin', id: dealerId }],
    }),
    updateDealerLogin: build.mutation<ResponseOf<typeof updateLogin>, WithDealer<BodyOf<typeof updateLogin>>>({
      query: ({ dealerId, body }) => contractCall(updateLogin, { params: { dealer_id: dealerId }, body }),
      invalidatesTags: (_result, _error, { dealerId }) => [{ type: 'DealerLogin', id: dealerId }],
    }),
    sendLoginInvitation: build.mutation<ResponseOf<typeof invite>, WithDealer<BodyOf<typeof invite>>>({
      query: ({ dealerId, body }) => contractCall(invite, { params: { dealer_id: dealerId }, body }),
    }),
    deleteDealerLogin: build.mutation<ResponseOf<typeof deleteLogin>, string>({
      query: (dealerId) => contractCall(deleteLogin, { params: { dealer_id: dealerId } }),
      invalidatesTags: (_result, _error, dealerId) => [{ type: 'DealerLogin', id: dealerId }],
    }),
    getDealerWebsite: build.query<WebsiteInfo, string>({
      query: (dealerId) => contractCall(websiteInfo, { params: { dealer_id: dealerId } }),
      transformResponse: (body: ResponseOf<typeof websiteInfo>) => body.website_info,
      providesTags: (_result, _error, dealerId) => [{ type: 'DealerWebsite', id: dealerId }],
    }),
    /** Multipart: the text fields and, when chosen, the header_image file. */
    updateDealerWebsite: build.mutation<ResponseOf<typeof updateWebsite>, WithDealer<FormData>>({
      query: ({ dealerId, body }) => contractCall(updateWebsite, { params: { dealer_id: dealerId }, body }),
      invalidatesTags: (_result, _error, { dealerId }) => [{ type: 'DealerWebsite', id: dealerId }, 'Dealers'],
    }),
  }),
});

export const {
  useGetDealersQuery,
  useGetArchivedDealersQuery,
  useCreateDealerMutation,
  useUpdateDealerMutation,
  useArchiveDealerMutation,
  useRestoreDealerMutation,
  useDeleteDealerMutation,
  useBulkUpdateZoneMutation,
  useGetDealerNotesQuery,
  useAddDealerNoteMutation,
  useGetDealerLoginQuery,
  useCreateDealerLoginMutation,
  useUpdateDealerLoginMutation,
  useSendLoginInvitationMutation,
  useDeleteDealerLoginMutation,
  useGetDealerWebsiteQuery,
  useUpdateDealerWebsiteMutation,
} = dealersApi;

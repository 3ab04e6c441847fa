import { type BodyOf, type Dealer, endpoints, type ResponseOf } from '@portal/contracts';
import { apiSlice } from '../../api/apiSlice';
import { contractCall } from '../../api/contractCall';

const profile = endpoints['dealer.profile'];
const saveProfile = endpoints['dealer.updateProfile'];
const upload = endpoints['dealer.uploadHeaderImage'];
const removeImage = endpoints['dealer.deleteHeaderImage'];
const publish = endpoints['dealer.publishWebsite'];
const disable = endpoints['dealer.disableWebsite'];
const preview = endpoints['dealer.previewWebsite'];

/** The signed-in dealer's own record and website; every change refreshes the record. */
export const ownDealerApi = apiSlice.enhanceEndpoints({ addTagTypes: ['OwnDealer'] }).injectEndpoints({
  endpoints: (build) => ({
    getOwnDealer: build.query<Dealer, void>({
      query: () => contractCall(profile),
      transformResponse: (body: ResponseOf<typeof profile>) => body.dealer,
      providesTags: ['OwnDealer'],
    }),
    saveOwnProfile: build.mutation<ResponseOf<typeof saveProfile>, BodyOf<typeof saveProfile>>({
      query: (body) => contractCall(saveProfile, { body }),
      invalidatesTags: ['OwnDealer'],
    }),
    /** Multipart: the `image` file. */
    uploadHeaderImage: build.mutation<ResponseOf<typeof upload>, FormData>({
      query: (body) => contractCall(upload, { body }),
      invalidatesTags: ['OwnDealer'],
    }),
    deleteHeaderImage: build.mutation<ResponseOf<typeof removeImage>, void>({
      query: () => contractCall(removeImage),
      invalidatesTags: ['OwnDealer'],
    }),
    publishWebsite: build.mutation<ResponseOf<typeof publish>, void>({
      query: () => contractCall(publish, { body: {} }),
      invalidatesTags: ['OwnDealer'],
    }),
    disableWebsite: build.mutation<ResponseOf<typeof disable>, void>({
      query: () => contractCall(disable, { body: {} }),
      invalidatesTags: ['OwnDealer'],
    }),
    previewWebsite: build.mutation<ResponseOf<typeof preview>, void>({
      query: () => contractCall(preview),
    }),
  }),
});

export const {
  useGetOwnDealerQuery,
  useSaveOwnProfileMutation,
  useUploadHeaderImageMutation,
  useDeleteHeaderImageMutation,
  usePublishWebsiteMutation,
  useDisableWebsiteMutation,
  usePreviewWebsiteMutation,
} = ownDealerApi;

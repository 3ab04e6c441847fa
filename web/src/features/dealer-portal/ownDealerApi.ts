import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';

/** The signed-in dealer's own record and website; every change refreshes the record. */
export const ownDealerApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getOwnDealer: query(build, 'dealer.profile', { select: (body) => body.dealer, providesTags: ['OwnDealer'] }),
    saveOwnProfile: mutation(build, 'dealer.updateProfile', { invalidatesTags: ['OwnDealer'] }),
    /** Multipart: the `image` file. */
    uploadHeaderImage: mutation(build, 'dealer.uploadHeaderImage', { invalidatesTags: ['OwnDealer'] }),
    deleteHeaderImage: mutation(build, 'dealer.deleteHeaderImage', { invalidatesTags: ['OwnDealer'] }),
    publishWebsite: mutation(build, 'dealer.publishWebsite', { invalidatesTags: ['OwnDealer'] }),
    disableWebsite: mutation(build, 'dealer.disableWebsite', { invalidatesTags: ['OwnDealer'] }),
    previewWebsite: mutation(build, 'dealer.previewWebsite'),
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

import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';
import { contractPagedQuery } from '../../api/contractPagedQuery';

/**
 * The picture library: the admin's list and delete (upload goes through `uploadWithProgress` for its progress
 * bar, see usePictureUpload.ts), the dealer's list and download links.
 */
export const picturesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** The admin's library, newest first, 50 at a time, searched on the server. */
    getPicturePages: contractPagedQuery(build, 'admin.pictures', { providesTags: ['Pictures'] }),
    deletePicture: mutation(build, 'admin.deletePicture', { invalidatesTags: ['Pictures'] }),
    getAvailablePictures: query(build, 'dealer.availablePictures', {
      select: (body) => body.pictures,
      providesTags: ['Pictures'],
    }),
    /** A short-lived signed `download_url` (and the picture's `filename` and `title`). */
    downloadPicture: mutation(build, 'dealer.downloadPicture'),
  }),
});

export const {
  useGetPicturePagesInfiniteQuery,
  useDeletePictureMutation,
  useGetAvailablePicturesQuery,
  useDownloadPictureMutation,
} = picturesApi;

import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';

/**
 * The picture library: the admin's list and delete (upload goes through `uploadWithProgress` for its progress
 * bar, see usePictureUpload.ts), the dealer's list and download links.
 */
export const picturesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getPictures: query(build, 'admin.pictures', { select: (body) => body.pictures, providesTags: ['Pictures'] }),
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
  useGetPicturesQuery,
  useDeletePictureMutation,
  useGetAvailablePicturesQuery,
  useDownloadPictureMutation,
} = picturesApi;

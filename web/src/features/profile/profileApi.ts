import { type BodyOf, endpoints, type ResponseOf } from '@portal/contracts';
import { apiSlice } from '../../api/apiSlice';
import { contractCall } from '../../api/contractCall';

const update = endpoints['user.updateProfile'];

export type ProfileChange = BodyOf<typeof update>;

export const profileApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** Answers the user as now stored, which the browser keeps as the session's user. */
    updateProfile: build.mutation<ResponseOf<typeof update>, ProfileChange>({
      query: (body) => contractCall(update, { body }),
    }),
  }),
});

export const { useUpdateProfileMutation } = profileApi;

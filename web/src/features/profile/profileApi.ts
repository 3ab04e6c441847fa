import { apiSlice } from '../../api/apiSlice';
import { type ArgOf, contractMutation } from '../../api/contractEndpoint';

export type ProfileChange = Exclude<ArgOf<'user.updateProfile'>, void>['body'];

export const profileApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Answers the user as now stored, which the browser keeps as the session's user, and after a password
     * change a new token (the change ends every earlier session, this one too).
     */
    updateProfile: contractMutation(build, 'user.updateProfile'),
    /** public: the token of the link mailed to the new sign-in email is the proof */
    confirmEmailChange: contractMutation(build, 'user.confirmEmailChange'),
  }),
});

export const { useUpdateProfileMutation, useConfirmEmailChangeMutation } = profileApi;

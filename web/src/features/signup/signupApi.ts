import { apiSlice } from '../../api/apiSlice';
import { contractMutation, contractQuery } from '../../api/contractEndpoint';

/** The invitation endpoints are public: no token is sent. */
export const signupApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    verifyInvitation: contractQuery(build, 'dealer.verifyInvitation'),
    completeSignup: contractMutation(build, 'dealer.completeSignup'),
  }),
});

export const { useVerifyInvitationQuery, useCompleteSignupMutation } = signupApi;

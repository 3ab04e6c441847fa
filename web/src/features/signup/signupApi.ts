import { type BodyOf, endpoints, type ResponseOf } from '@portal/contracts';
import { apiSlice } from '../../api/apiSlice';
import { callOptions } from '../../api/contractCall';

const verify = endpoints['dealer.verifyInvitation'];
const complete = endpoints['dealer.completeSignup'];

/** The invitation endpoints are public: no token is sent. */
export const signupApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    verifyInvitation: build.query<ResponseOf<typeof verify>, string>({
      query: (token) => ({ url: verify.path, method: verify.method, params: { token } }),
      extraOptions: callOptions(verify),
    }),
    completeSignup: build.mutation<ResponseOf<typeof complete>, BodyOf<typeof complete>>({
      query: (body) => ({ url: complete.path, method: complete.method, body }),
      extraOptions: callOptions(complete),
    }),
  }),
});

export const { useVerifyInvitationQuery, useCompleteSignupMutation } = signupApi;

import { apiSlice } from '../../api/apiSlice';
import { contractMutation, contractQuery } from '../../api/contractEndpoint';

export const twoFactorApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** whether the caller's two-factor sign-in is on, and whether the company requires it of them */
    getTwoFactorStatus: contractQuery(build, 'user.mfaStatus', { providesTags: ['TwoFactor'] }),
    /** a new secret, not active until enable confirms it with a code */
    setUpTwoFactor: contractMutation(build, 'user.mfaSetup'),
    /** answers the recovery codes, shown once */
    enableTwoFactor: contractMutation(build, 'user.mfaEnable', { invalidatesTags: ['TwoFactor', 'AdminUsers'] }),
    disableTwoFactor: contractMutation(build, 'user.mfaDisable', { invalidatesTags: ['TwoFactor', 'AdminUsers'] }),
  }),
});

export const {
  useGetTwoFactorStatusQuery,
  useSetUpTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
} = twoFactorApi;

import { apiSlice } from '../../../api/apiSlice';
import { type ArgOf, contractMutation } from '../../../api/contractEndpoint';
import { contractPagedQuery } from '../../../api/contractPagedQuery';

/** The create form always names a role (the contract defaults it to admin when left out). */
export type NewAdminUser = Required<ArgOf<'admin.createAdminUser'>['body']>;

export const adminUsersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** The admin and delivery users, oldest first, 50 at a time. */
    getAdminUserPages: contractPagedQuery(build, 'admin.users', { providesTags: ['AdminUsers'] }),
    /** Answers the new user and its temporary password, which is shown once. */
    createAdminUser: contractMutation(build, 'admin.createAdminUser', { invalidatesTags: ['AdminUsers'] }),
    deleteAdminUser: contractMutation(build, 'admin.deleteAdminUser', { invalidatesTags: ['AdminUsers'] }),
    /** turns off another staff user's two-factor sign-in and ends their sessions */
    resetUserTwoFactor: contractMutation(build, 'admin.resetUserMfa', { invalidatesTags: ['AdminUsers'] }),
  }),
});

export const {
  useGetAdminUserPagesInfiniteQuery,
  useCreateAdminUserMutation,
  useDeleteAdminUserMutation,
  useResetUserTwoFactorMutation,
} = adminUsersApi;

import { apiSlice } from '../../../api/apiSlice';
import { type ArgOf, contractMutation, contractQuery } from '../../../api/contractEndpoint';

/** The create form always names a role (the contract defaults it to admin when left out). */
export type NewAdminUser = Required<ArgOf<'admin.createAdminUser'>['body']>;

export const adminUsersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: contractQuery(build, 'admin.users', { select: (body) => body.users, providesTags: ['AdminUsers'] }),
    /** Answers the new user and its temporary password, which is shown once. */
    createAdminUser: contractMutation(build, 'admin.createAdminUser', { invalidatesTags: ['AdminUsers'] }),
    deleteAdminUser: contractMutation(build, 'admin.deleteAdminUser', { invalidatesTags: ['AdminUsers'] }),
  }),
});

export const { useGetAdminUsersQuery, useCreateAdminUserMutation, useDeleteAdminUserMutation } = adminUsersApi;

import { type AdminUser, type BodyOf, endpoints, type ResponseOf } from '@portal/contracts';
import { contractCall } from '../../../api/contractCall';
import { settingsApi } from '../shared/settingsApi';

const list = endpoints['admin.users'];
const create = endpoints['admin.createAdminUser'];
const remove = endpoints['admin.deleteAdminUser'];

export type NewAdminUser = BodyOf<typeof create>;

export const adminUsersApi = settingsApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<AdminUser[], void>({
      query: () => contractCall(list),
      transformResponse: (body: ResponseOf<typeof list>) => body.users,
      providesTags: ['AdminUsers'],
    }),
    /** Answers the new user and its temporary password, which is shown once. */
    createAdminUser: build.mutation<ResponseOf<typeof create>, NewAdminUser>({
      query: (body) => contractCall(create, { body }),
      invalidatesTags: ['AdminUsers'],
    }),
    deleteAdminUser: build.mutation<ResponseOf<typeof remove>, string>({
      query: (email) => contractCall(remove, { params: { email } }),
      invalidatesTags: ['AdminUsers'],
    }),
  }),
});

export const { useGetAdminUsersQuery, useCreateAdminUserMutation, useDeleteAdminUserMutation } = adminUsersApi;

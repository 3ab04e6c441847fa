import { type BodyOf, endpoints, type ResponseOf } from '@portal/contracts';
import { apiSlice } from '../../api/apiSlice';
import { callOptions, contractCall } from '../../api/contractCall';

const login = endpoints['auth.login'];

export const loginApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<ResponseOf<typeof login>, BodyOf<typeof login>>({
      query: (credentials) => contractCall(login, { body: credentials }),
      extraOptions: callOptions(login),
    }),
  }),
});

export const { useLoginMutation } = loginApi;

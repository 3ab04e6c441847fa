import { type BodyOf, type CompanySettings, endpoints, type ResponseOf } from '@portal/contracts';
import { contractCall } from '../../../api/contractCall';
import { settingsApi } from '../shared/settingsApi';

const read = endpoints['admin.companySettings'];
const save = endpoints['admin.updateCompanySettings'];

export const companySettingsApi = settingsApi.injectEndpoints({
  endpoints: (build) => ({
    getCompanySettings: build.query<CompanySettings, void>({
      query: () => contractCall(read),
      transformResponse: (body: ResponseOf<typeof read>) => body.settings,
      providesTags: ['CompanySettings'],
    }),
    // the public settings share the tag: the header and landing page show the new name at once
    saveCompanySettings: build.mutation<ResponseOf<typeof save>, BodyOf<typeof save>>({
      query: (body) => contractCall(save, { body }),
      invalidatesTags: ['CompanySettings'],
    }),
  }),
});

export const { useGetCompanySettingsQuery, useSaveCompanySettingsMutation } = companySettingsApi;

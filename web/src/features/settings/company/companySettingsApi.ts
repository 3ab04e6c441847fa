import { apiSlice } from '../../../api/apiSlice';
import { contractMutation, contractQuery } from '../../../api/contractEndpoint';
import { refreshPublicSettings } from '../../company/publicSettingsSlice';

export const companySettingsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getCompanySettings: contractQuery(build, 'admin.companySettings', {
      select: (body) => body.settings,
      providesTags: ['CompanySettings'],
    }),
    // the header and landing page show the new name at once
    saveCompanySettings: contractMutation(build, 'admin.updateCompanySettings', {
      invalidatesTags: ['CompanySettings'],
      after: (dispatch) => dispatch(refreshPublicSettings()),
    }),
  }),
});

export const { useGetCompanySettingsQuery, useSaveCompanySettingsMutation } = companySettingsApi;

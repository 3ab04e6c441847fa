import { apiSlice } from '../../../api/apiSlice';
import { type ArgOf, contractMutation, contractQuery } from '../../../api/contractEndpoint';
import { refreshPublicSettings } from '../../company/publicSettingsSlice';

export type SystemConfigurationChange = ArgOf<'admin.saveSystemConfiguration'>['body'];

export const systemConfigurationApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSystemConfiguration: contractQuery(build, 'admin.systemConfiguration', {
      select: (body) => body.configuration,
      providesTags: ['SystemConfiguration'],
    }),
    /** Saves the fields sent (the others keep their value); notification settings are saved through it too. */
    saveSystemConfiguration: contractMutation(build, 'admin.saveSystemConfiguration', {
      select: (body) => body.configuration,
      invalidatesTags: (_result, _error, { body }) => [
        'SystemConfiguration' as const,
        ...(body.notification_settings ? (['NotificationSettings'] as const) : []),
        // a dealer without terms of its own shows the default: read it again when next shown
        ...(body.default_payment_terms_days !== undefined ? (['DealerTerms'] as const) : []),
      ],
      // maintenance mode is part of the public settings, which dealers' dashboards read
      after: (dispatch) => dispatch(refreshPublicSettings()),
    }),
  }),
});

export const { useGetSystemConfigurationQuery, useSaveSystemConfigurationMutation } = systemConfigurationApi;

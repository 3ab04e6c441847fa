import { type BodyOf, endpoints, type ResponseOf, type SystemConfiguration } from '@portal/contracts';
import { contractCall } from '../../../api/contractCall';
import { settingsApi } from '../shared/settingsApi';

const read = endpoints['admin.systemConfiguration'];
const save = endpoints['admin.saveSystemConfiguration'];

export type SystemConfigurationChange = BodyOf<typeof save>;

export const systemConfigurationApi = settingsApi.injectEndpoints({
  endpoints: (build) => ({
    getSystemConfiguration: build.query<SystemConfiguration, void>({
      query: () => contractCall(read),
      transformResponse: (body: ResponseOf<typeof read>) => body.configuration,
      providesTags: ['SystemConfiguration'],
    }),
    /** Saves the fields sent (the others keep their value); notification settings are saved through it too. */
    saveSystemConfiguration: build.mutation<SystemConfiguration, SystemConfigurationChange>({
      query: (body) => contractCall(save, { body }),
      transformResponse: (body: ResponseOf<typeof save>) => body.configuration,
      // maintenance mode is part of the public settings, which dealers' dashboards read
      invalidatesTags: (_result, _error, change) =>
        change.notification_settings
          ? ['SystemConfiguration', 'CompanySettings', 'NotificationSettings']
          : ['SystemConfiguration', 'CompanySettings'],
    }),
  }),
});

export const { useGetSystemConfigurationQuery, useSaveSystemConfigurationMutation } = systemConfigurationApi;

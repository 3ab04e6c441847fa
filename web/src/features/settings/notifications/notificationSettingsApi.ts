import { endpoints, type NotificationSettings, type ResponseOf } from '@portal/contracts';
import { contractCall } from '../../../api/contractCall';
import { settingsApi } from '../shared/settingsApi';

const read = endpoints['admin.notificationSettings'];

/** Read here; saved through the system configuration (the spec has no write endpoint of their own). */
export const notificationSettingsApi = settingsApi.injectEndpoints({
  endpoints: (build) => ({
    getNotificationSettings: build.query<NotificationSettings, void>({
      query: () => contractCall(read),
      transformResponse: (body: ResponseOf<typeof read>) => body.settings,
      providesTags: ['NotificationSettings'],
    }),
  }),
});

export const { useGetNotificationSettingsQuery } = notificationSettingsApi;

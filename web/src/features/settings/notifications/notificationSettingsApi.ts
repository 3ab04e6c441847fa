import { apiSlice } from '../../../api/apiSlice';
import { contractQuery } from '../../../api/contractEndpoint';

/** Read here; saved through the system configuration (the spec has no write endpoint of their own). */
export const notificationSettingsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getNotificationSettings: contractQuery(build, 'admin.notificationSettings', {
      select: (body) => body.settings,
      providesTags: ['NotificationSettings'],
    }),
  }),
});

export const { useGetNotificationSettingsQuery } = notificationSettingsApi;

import { apiSlice } from '../../../api/apiSlice';
import { type ArgOf, contractMutation, contractQuery } from '../../../api/contractEndpoint';

export type EmailSettingsChange = ArgOf<'admin.saveEmailSettings'>['body'];

export const emailSettingsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** The stored settings, and where product mail goes now (`mail_route`). */
    getEmailSettings: contractQuery(build, 'admin.emailSettings', { providesTags: ['EmailSettings'] }),
    saveEmailSettings: contractMutation(build, 'admin.saveEmailSettings', { invalidatesTags: ['EmailSettings'] }),
    /** Sends a test mail with the settings on screen (saved or not). */
    testEmail: contractMutation(build, 'admin.testEmail'),
  }),
});

export const { useGetEmailSettingsQuery, useSaveEmailSettingsMutation, useTestEmailMutation } = emailSettingsApi;

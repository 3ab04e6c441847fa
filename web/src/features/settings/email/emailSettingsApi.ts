import { type BodyOf, type EmailSettings, endpoints, type ResponseOf } from '@portal/contracts';
import { contractCall } from '../../../api/contractCall';
import { settingsApi } from '../shared/settingsApi';

const read = endpoints['admin.emailSettings'];
const save = endpoints['admin.saveEmailSettings'];
const test = endpoints['admin.testEmail'];

export type EmailSettingsChange = BodyOf<typeof save>;

export const emailSettingsApi = settingsApi.injectEndpoints({
  endpoints: (build) => ({
    getEmailSettings: build.query<EmailSettings, void>({
      query: () => contractCall(read),
      transformResponse: (body: ResponseOf<typeof read>) => body.settings,
      providesTags: ['EmailSettings'],
    }),
    saveEmailSettings: build.mutation<ResponseOf<typeof save>, EmailSettingsChange>({
      query: (body) => contractCall(save, { body }),
      invalidatesTags: ['EmailSettings'],
    }),
    /** Sends a test mail with the settings on screen (saved or not). */
    testEmail: build.mutation<ResponseOf<typeof test>, BodyOf<typeof test>>({
      query: (body) => contractCall(test, { body }),
    }),
  }),
});

export const { useGetEmailSettingsQuery, useSaveEmailSettingsMutation, useTestEmailMutation } = emailSettingsApi;

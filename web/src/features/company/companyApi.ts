import { endpoints, type ResponseOf } from '@portal/contracts';
import { apiSlice } from '../../api/apiSlice';
import { callOptions, contractCall } from '../../api/contractCall';
import { type CompanyProfile, companyProfileOf, PLACEHOLDER_COMPANY } from './companyProfile';

const companySettings = endpoints['public.companySettings'];

/** What anyone may read before signing in: the company as shown, and whether the portal is under maintenance. */
export interface PublicSettings {
  company: CompanyProfile;
  maintenanceMode: boolean;
}

export const companyApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getPublicSettings: build.query<PublicSettings, void>({
      query: () => contractCall(companySettings),
      extraOptions: callOptions(companySettings),
      transformResponse: (body: ResponseOf<typeof companySettings>) => ({
        company: companyProfileOf(body.settings),
        maintenanceMode: body.maintenance_mode,
      }),
      providesTags: ['CompanySettings'],
    }),
  }),
});

/**
 * The public settings, refetched when the tab becomes visible again (an admin may have changed them).
 * `pollingInterval` lets a long-open dashboard notice maintenance without a reload.
 */
export function usePublicSettings(pollingInterval?: number): PublicSettings | undefined {
  return companyApi.useGetPublicSettingsQuery(undefined, { refetchOnFocus: true, pollingInterval }).data;
}

/** The company as shown everywhere: placeholders until the public settings load (or if they fail). */
export function useCompanyProfile(): CompanyProfile {
  return usePublicSettings()?.company ?? PLACEHOLDER_COMPANY;
}

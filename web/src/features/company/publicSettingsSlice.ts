import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { publicCall } from '../../api/publicCall';
import { type CompanyProfile, companyProfileOf } from './companyProfile';

/**
 * What anyone may read before signing in: the company as shown, whether the portal is under maintenance, where
 * Apply Now leads, and the timezone every date is shown in.
 */
export interface PublicSettings {
  company: CompanyProfile;
  maintenanceMode: boolean;
  /** the company's external application page; null: the portal's own (/apply) */
  applicationUrl: string | null;
  /** an IANA zone, e.g. America/Chicago */
  systemTimezone: string;
}

interface PublicSettingsState {
  settings: PublicSettings | null;
  loading: boolean;
}

export const publicSettingsSlice = createSlice({
  name: 'publicSettings',
  initialState: { settings: null, loading: false } as PublicSettingsState,
  reducers: {
    loadStarted(state) {
      state.loading = true;
    },
    loaded(state, action: PayloadAction<PublicSettings | null>) {
      state.loading = false;
      // a failed read keeps what was shown
      if (action.payload) state.settings = action.payload;
    },
  },
  selectors: {
    selectPublicSettings: (state) => state.settings,
    selectPublicSettingsLoading: (state) => state.loading,
  },
});

export const { selectPublicSettings } = publicSettingsSlice.selectors;
const { loadStarted, loaded } = publicSettingsSlice.actions;

/**
 * Reads the public company settings (GET /api/public/company-settings) into the store; a read already under
 * way is not repeated. Also run after an admin saves the company settings or maintenance mode.
 */
export function refreshPublicSettings() {
  return async (dispatch: (action: unknown) => unknown, getState: () => unknown) => {
    if (publicSettingsSlice.selectors.selectPublicSettingsLoading(getState() as never)) return;
    dispatch(loadStarted());
    const result = await publicCall('public.companySettings', undefined);
    dispatch(
      loaded(
        result.data
          ? {
              company: companyProfileOf(result.data.settings),
              maintenanceMode: result.data.maintenance_mode,
              applicationUrl: result.data.settings.dealer_application_url?.trim() || null,
              systemTimezone: result.data.system_timezone,
            }
          : null,
      ),
    );
  };
}

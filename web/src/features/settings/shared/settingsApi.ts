import { apiSlice } from '../../../api/apiSlice';

/**
 * The one API slice with the settings' cache tags added; every settings screen injects its endpoints here so
 * a save refreshes exactly the reads it changed.
 */
export const settingsApi = apiSlice.enhanceEndpoints({
  addTagTypes: ['AdminUsers', 'SystemConfiguration', 'NotificationSettings', 'EmailSettings'],
});

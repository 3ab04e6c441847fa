/** The one view shown at a time (there is no URL router). */
export type View =
  | 'landing'
  | 'login'
  | 'dealer-signup'
  | 'dealer-dashboard'
  | 'admin-dashboard'
  | 'delivery-dashboard'
  | 'dealer-locator';

/** The views anyone may open without signing in (the dealer locator too, signed in or not). */
export type PublicView = 'landing' | 'login' | 'dealer-locator';

/** The query string that opens the dealer locator (?view=dealer-locator; the embed widget's frame adds embed=1). */
export const LOCATOR_VIEW_PARAM = 'dealer-locator';

/** admin and delivery have their own dashboards; any other role value means dealer. */
export function dashboardFor(role: string): View {
  if (role === 'admin') return 'admin-dashboard';
  if (role === 'delivery') return 'delivery-dashboard';
  return 'dealer-dashboard';
}

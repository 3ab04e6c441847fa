/** The one view shown at a time (there is no URL router). */
export type View =
  | 'landing'
  | 'login'
  | 'dealer-signup'
  | 'dealer-dashboard'
  | 'admin-dashboard'
  | 'delivery-dashboard';

/** The views anyone may open without signing in. */
export type PublicView = 'landing' | 'login';

/** admin and delivery have their own dashboards; any other role value means dealer. */
export function dashboardFor(role: string): View {
  if (role === 'admin') return 'admin-dashboard';
  if (role === 'delivery') return 'delivery-dashboard';
  return 'dealer-dashboard';
}

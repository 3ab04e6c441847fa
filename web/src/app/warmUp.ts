/**
 * Signing in on a slow phone: every signed-in screen needs the dashboard's frame and the API client, so the sign-in
 * page fetches their code while the user types (once the browser is idle); and the sign-in answer names the role,
 * so its first screen's code is fetched at once beside its dashboard's, not after it. Each import is a chunk the
 * dashboard loads anyway: a warm-up fetches nothing a signed-in user does not need.
 */
export function warmSignedInShell(): void {
  const load = () => {
    void import('./shells/DashboardShell');
    void import('../api/contractEndpoint');
    // what every screen loaded on demand brings (ui/lazyScreen), and the paging every role's first list uses
    void import('../api/zodWithoutEval');
    void import('../api/usePagedRows');
    void import('../api/contractPagedQuery');
    void import('../ui/LoadMore');
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 500);
}

/**
 * The first screen of the signed-in user's role, called once the session is stored: a delivery user lands on My
 * Routes, whose routes are asked for at once, while the screen's code is still on its way.
 */
export function warmFirstScreen(user: { role: string; email: string }): void {
  if (user.role !== 'delivery') return;
  void import('./shells/delivery/DeliveryDashboard');
  void Promise.all([
    import('../features/delivery-sync/driverRoutes'),
    import('../features/delivery-sync/savedRoutes'),
  ]).then(([routes, saved]) => routes.followUser(saved.userKey(user)));
}

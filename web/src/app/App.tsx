import { useEffect, useLayoutEffect } from 'react';
import { useCompanyProfile } from '../features/company/usePublicSettings';
import { LandingPage } from '../features/landing/LandingPage';
import { LoginPage } from '../features/login/LoginPage';
import { selectToken, selectUser } from '../features/session/sessionSlice';
import { lazyScreen, ScreenLoading } from '../ui/lazyScreen';
import { useAppSelector } from './hooks';
import { navigate, useLocation } from './navigation/history';
import { pageTitle, portalRole, resolveAddress } from './navigation/routes';

// Landing and login are in the first chunk; each role's dashboard, dealer signup and the application load when opened.
const AdminDashboard = lazyScreen(() => import('./shells/admin/AdminDashboard'), 'AdminDashboard');
const DealerDashboard = lazyScreen(() => import('./shells/dealer/DealerDashboard'), 'DealerDashboard');
const DeliveryDashboard = lazyScreen(() => import('./shells/delivery/DeliveryDashboard'), 'DeliveryDashboard');
const DealerSignupPage = lazyScreen(() => import('../features/signup/DealerSignupPage'), 'DealerSignupPage');
const ConfirmEmailPage = lazyScreen(() => import('../features/profile/ConfirmEmailPage'), 'ConfirmEmailPage');
const LocatorPage = lazyScreen(() => import('../features/locator/LocatorPage'), 'LocatorPage');
const DealerApplicationPage = lazyScreen(
  () => import('../features/dealer-application/DealerApplicationPage'),
  'DealerApplicationPage',
);

/** The screen of the address, for who is signed in: the address says where, the session says who. */
export function App() {
  const { pathname, search } = useLocation();
  const user = useAppSelector(selectUser);
  const token = useAppSelector(selectToken);
  const company = useCompanyProfile();
  const role = user && token ? portalRole(user.role) : null;
  const resolution = resolveAddress(pathname, search, role);

  // a redirect replaces the address it came from, so Back never returns to it
  useLayoutEffect(() => {
    if (resolution.redirect !== undefined) navigate(resolution.redirect, { replace: true });
  }, [resolution.redirect]);

  const title = resolution.route ? pageTitle(resolution.route, company.name) : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  const route = resolution.route;
  if (!route) return null;
  switch (route.role) {
    case null:
      switch (route.page) {
        case 'landing':
          return <LandingPage />;
        case 'login':
          return <LoginPage />;
        case 'signup':
          return (
            <ScreenLoading>
              <DealerSignupPage />
            </ScreenLoading>
          );
        case 'locator':
          return (
            <ScreenLoading>
              <LocatorPage />
            </ScreenLoading>
          );
        case 'apply':
          return (
            <ScreenLoading>
              <DealerApplicationPage />
            </ScreenLoading>
          );
        case 'confirmEmail':
          return (
            <ScreenLoading>
              <ConfirmEmailPage token={route.token} />
            </ScreenLoading>
          );
      }
      break;
    case 'admin':
      return (
        <ScreenLoading>
          <AdminDashboard route={route} />
        </ScreenLoading>
      );
    case 'dealer':
      return (
        <ScreenLoading>
          <DealerDashboard route={route} />
        </ScreenLoading>
      );
    case 'delivery':
      return (
        <ScreenLoading>
          <DeliveryDashboard route={route} />
        </ScreenLoading>
      );
  }
}

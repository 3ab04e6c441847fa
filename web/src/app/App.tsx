import { useEffect } from 'react';
import { useCompanyProfile } from '../features/company/usePublicSettings';
import { LandingPage } from '../features/landing/LandingPage';
import { LoginPage } from '../features/login/LoginPage';
import { selectView } from '../features/session/sessionSlice';
import { lazyScreen, ScreenLoading } from '../ui/lazyScreen';
import { useAppSelector } from './hooks';

// Landing and login are in the first chunk; each role's dashboard, and dealer signup, load when opened.
const AdminDashboard = lazyScreen(() => import('./shells/admin/AdminDashboard'), 'AdminDashboard');
const DealerDashboard = lazyScreen(() => import('./shells/dealer/DealerDashboard'), 'DealerDashboard');
const DeliveryDashboard = lazyScreen(() => import('./shells/delivery/DeliveryDashboard'), 'DeliveryDashboard');
const DealerSignupPage = lazyScreen(() => import('../features/signup/DealerSignupPage'), 'DealerSignupPage');
const LocatorPage = lazyScreen(() => import('../features/locator/LocatorPage'), 'LocatorPage');

/** One view at a time, chosen by the session (there is no URL router). */
export function App() {
  const view = useAppSelector(selectView);
  const company = useCompanyProfile();

  useEffect(() => {
    document.title = `${company.name} · Dealer Portal`;
  }, [company.name]);

  switch (view) {
    case 'landing':
      return <LandingPage />;
    case 'login':
      return <LoginPage />;
    case 'dealer-signup':
      return (
        <ScreenLoading>
          <DealerSignupPage />
        </ScreenLoading>
      );
    case 'admin-dashboard':
      return (
        <ScreenLoading>
          <AdminDashboard />
        </ScreenLoading>
      );
    case 'delivery-dashboard':
      return (
        <ScreenLoading>
          <DeliveryDashboard />
        </ScreenLoading>
      );
    case 'dealer-locator':
      return (
        <ScreenLoading>
          <LocatorPage />
        </ScreenLoading>
      );
    case 'dealer-dashboard':
      return (
        <ScreenLoading>
          <DealerDashboard />
        </ScreenLoading>
      );
  }
}

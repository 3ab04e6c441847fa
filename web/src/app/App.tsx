import { useEffect } from 'react';
import { AdminDashboard } from '../features/admin/AdminDashboard';
import { useCompanyProfile } from '../features/company/companyApi';
import { DealerDashboard } from '../features/dealer/DealerDashboard';
import { DeliveryDashboard } from '../features/delivery/DeliveryDashboard';
import { LandingPage } from '../features/landing/LandingPage';
import { LoginPage } from '../features/login/LoginPage';
import { selectView } from '../features/session/sessionSlice';
import { DealerSignupPage } from '../features/signup/DealerSignupPage';
import { useAppSelector } from './hooks';

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
      return <DealerSignupPage />;
    case 'admin-dashboard':
      return <AdminDashboard />;
    case 'delivery-dashboard':
      return <DeliveryDashboard />;
    case 'dealer-dashboard':
      return <DealerDashboard />;
  }
}

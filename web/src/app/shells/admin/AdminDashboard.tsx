import { type ReactNode, useState } from 'react';
import type { ShippingSection } from '../../../features/shipping/ShippingPanel';
import { lazyScreen } from '../../../ui/lazyScreen';
import type { TabItem } from '../../../ui/Tabs';
import { DashboardShell } from '../DashboardShell';

// each tab's code loads when the tab first opens: the map (d3-geo, the atlas) only with Dashboard
const DashboardPanel = lazyScreen(() => import('../../../features/dashboard/DashboardPanel'), 'DashboardPanel');
const ManageDealersPanel = lazyScreen(
  () => import('../../../features/dealers/ManageDealersPanel'),
  'ManageDealersPanel',
);
const OrdersPanel = lazyScreen(() => import('../../../features/orders/OrdersPanel'), 'OrdersPanel');
const ShippingPanel = lazyScreen(() => import('../../../features/shipping/ShippingPanel'), 'ShippingPanel');
const PicturesPanel = lazyScreen(() => import('../../../features/pictures/PicturesPanel'), 'PicturesPanel');
const ProfileSettings = lazyScreen(() => import('../../../features/profile/ProfileSettings'), 'ProfileSettings');
const SettingsPanel = lazyScreen(() => import('./SettingsPanel'), 'SettingsPanel');

type AdminTab = 'dashboard' | 'orders' | 'shipping' | 'pictures' | 'dealers' | 'settings' | 'profile';

const TABS: readonly TabItem<AdminTab>[] = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'orders', label: 'Orders' },
  { id: 'shipping', label: 'Shipping' },
  { id: 'pictures', label: 'Pictures' },
  { id: 'dealers', label: 'Manage Dealers' },
  { id: 'settings', label: 'Settings' },
  { id: 'profile', label: 'Profile' },
];

export function AdminDashboard() {
  const [tab, setTab] = useState<AdminTab>('dashboard');
  const [shipping, setShipping] = useState<ShippingSection>('ready');
  // a state clicked on the dashboard map presets the Manage Dealers filter
  const [mapState, setMapState] = useState<string | null>(null);
  const openDealers = (state?: string) => {
    setMapState(state ?? null);
    setTab('dealers');
  };

  const content: Record<AdminTab, () => ReactNode> = {
    dashboard: () => <DashboardPanel onOpenDealers={openDealers} onOpenOrders={() => setTab('orders')} />,
    orders: () => <OrdersPanel />,
    shipping: () => <ShippingPanel section={shipping} onSectionChange={setShipping} />,
    pictures: () => <PicturesPanel />,
    dealers: () => <ManageDealersPanel mapState={mapState} onMapFilterCleared={() => setMapState(null)} />,
    settings: () => <SettingsPanel />,
    profile: () => <ProfileSettings />,
  };

  return (
    <DashboardShell title="Admin dashboard" tabs={TABS} active={tab} onSelect={setTab}>
      {content[tab]()}
    </DashboardShell>
  );
}

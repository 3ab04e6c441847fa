import { type ReactNode, useState } from 'react';
import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import type { TabItem } from '../../ui/Tabs';
import { DashboardPanel } from '../dashboard/DashboardPanel';
import { ManageDealersPanel } from '../dealers/ManageDealersPanel';
import { ProfileSettings } from '../profile/ProfileSettings';
import { DashboardShell } from '../shell/DashboardShell';
import { ShippingPanel, type ShippingSection } from '../shipping/ShippingPanel';
import { SettingsPanel } from './SettingsPanel';

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
    orders: () => <PlaceholderPanel note="Orders, invoices and payments arrive with the orders release." />,
    shipping: () => <ShippingPanel section={shipping} onSectionChange={setShipping} />,
    pictures: () => <PlaceholderPanel note="The picture library for dealers arrives with the pictures release." />,
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

import { type ReactNode, useState } from 'react';
import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import type { TabItem } from '../../ui/Tabs';
import { DealerDirectory } from '../directory/DealerDirectory';
import { MaintenanceNotice } from '../maintenance/MaintenanceNotice';
import { ProfileSettings } from '../profile/ProfileSettings';
import { DashboardShell } from '../shell/DashboardShell';
import { ShippingPanel, type ShippingSection } from '../shipping/ShippingPanel';

type DeliveryTab = 'shipping' | 'orders' | 'dealers' | 'profile';

const TABS: readonly TabItem<DeliveryTab>[] = [
  { id: 'shipping', label: 'Shipping' },
  { id: 'orders', label: 'Orders' },
  { id: 'dealers', label: 'Dealers' },
  { id: 'profile', label: 'Profile' },
];

export function DeliveryDashboard() {
  const [tab, setTab] = useState<DeliveryTab>('shipping');
  const [shipping, setShipping] = useState<ShippingSection>('ready');

  const content: Record<DeliveryTab, () => ReactNode> = {
    shipping: () => <ShippingPanel section={shipping} onSectionChange={setShipping} />,
    orders: () => <PlaceholderPanel note="Orders to deliver arrive with the orders release." />,
    dealers: () => <DealerDirectory />,
    profile: () => <ProfileSettings />,
  };

  // the spec's shortcut: straight to the routes sub-tab of Shipping
  const openGeneratedRoutes = () => {
    setTab('shipping');
    setShipping('routes');
  };

  return (
    <DashboardShell
      title="Delivery dashboard"
      tabs={TABS}
      active={tab}
      onSelect={setTab}
      actions={[{ label: 'Generated Routes', onClick: openGeneratedRoutes }]}
    >
      <MaintenanceNotice />
      {content[tab]()}
    </DashboardShell>
  );
}

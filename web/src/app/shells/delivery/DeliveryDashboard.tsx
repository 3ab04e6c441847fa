import { type ReactNode, useState } from 'react';
import { MaintenanceNotice } from '../../../features/maintenance/MaintenanceNotice';
import type { ShippingSection } from '../../../features/shipping/ShippingPanel';
import { lazyScreen } from '../../../ui/lazyScreen';
import type { TabItem } from '../../../ui/Tabs';
import { DashboardShell } from '../DashboardShell';

const ShippingPanel = lazyScreen(() => import('../../../features/shipping/ShippingPanel'), 'ShippingPanel');
const DeliveryOrdersPanel = lazyScreen(
  () => import('../../../features/delivery-orders/DeliveryOrdersPanel'),
  'DeliveryOrdersPanel',
);
const DealerDirectory = lazyScreen(() => import('../../../features/directory/DealerDirectory'), 'DealerDirectory');
const ProfileSettings = lazyScreen(() => import('../../../features/profile/ProfileSettings'), 'ProfileSettings');

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
    orders: () => <DeliveryOrdersPanel />,
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

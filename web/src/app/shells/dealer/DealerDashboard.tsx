import { type ReactNode, useState } from 'react';
import { MaintenanceNotice } from '../../../features/maintenance/MaintenanceNotice';
import { lazyScreen } from '../../../ui/lazyScreen';
import type { TabItem } from '../../../ui/Tabs';
import { DashboardShell } from '../DashboardShell';

const OverviewPanel = lazyScreen(() => import('../../../features/dealer-portal/OverviewPanel'), 'OverviewPanel');
const MyWebsitePanel = lazyScreen(() => import('../../../features/dealer-portal/MyWebsitePanel'), 'MyWebsitePanel');
const OrderProductsPanel = lazyScreen(
  () => import('../../../features/order-products/OrderProductsPanel'),
  'OrderProductsPanel',
);
const MyOrdersPanel = lazyScreen(() => import('../../../features/my-orders/MyOrdersPanel'), 'MyOrdersPanel');
const ResourcesPanel = lazyScreen(() => import('../../../features/resources/ResourcesPanel'), 'ResourcesPanel');
const DealerProfilePanel = lazyScreen(() => import('./DealerProfilePanel'), 'DealerProfilePanel');

type DealerTab = 'overview' | 'order' | 'orders' | 'resources' | 'profile' | 'website';

const TABS: readonly TabItem<DealerTab>[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'order', label: 'Order Products' },
  { id: 'orders', label: 'My Orders' },
  { id: 'resources', label: 'Resources' },
  { id: 'profile', label: 'Profile' },
  { id: 'website', label: 'My Website' },
];

const CONTENT: Record<DealerTab, (open: (tab: DealerTab) => void) => ReactNode> = {
  overview: (open) => <OverviewPanel onOrderProducts={() => open('order')} onUpdateProfile={() => open('profile')} />,
  order: () => <OrderProductsPanel />,
  orders: (open) => <MyOrdersPanel onOrderProducts={() => open('order')} />,
  resources: () => <ResourcesPanel />,
  profile: () => <DealerProfilePanel />,
  website: () => <MyWebsitePanel />,
};

export function DealerDashboard() {
  const [tab, setTab] = useState<DealerTab>('overview');
  return (
    <DashboardShell title="Dealer dashboard" tabs={TABS} active={tab} onSelect={setTab}>
      <MaintenanceNotice />
      {CONTENT[tab](setTab)}
    </DashboardShell>
  );
}

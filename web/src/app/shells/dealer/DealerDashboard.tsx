import type { ReactNode } from 'react';
import { MaintenanceNotice } from '../../../features/maintenance/MaintenanceNotice';
import { lazyScreen } from '../../../ui/lazyScreen';
import type { TabItem } from '../../../ui/Tabs';
import { navigate } from '../../navigation/history';
import { type DealerRoute, type DealerTab, formatRoute } from '../../navigation/routes';
import { DashboardShell } from '../DashboardShell';

const OverviewPanel = lazyScreen(() => import('../../../features/dealer-portal/OverviewPanel'), 'OverviewPanel');
const MyWebsitePanel = lazyScreen(() => import('../../../features/dealer-portal/MyWebsitePanel'), 'MyWebsitePanel');
const OrderProductsPanel = lazyScreen(
  () => import('../../../features/order-products/OrderProductsPanel'),
  'OrderProductsPanel',
);
const MyOrdersPanel = lazyScreen(() => import('../../../features/my-orders/MyOrdersPanel'), 'MyOrdersPanel');
const AccountPanel = lazyScreen(() => import('../../../features/account/AccountPanel'), 'AccountPanel');
const ResourcesPanel = lazyScreen(() => import('../../../features/resources/ResourcesPanel'), 'ResourcesPanel');
const DealerProfilePanel = lazyScreen(() => import('./DealerProfilePanel'), 'DealerProfilePanel');

const TAB_LABELS: readonly { id: DealerTab; label: string }[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'order', label: 'Order Products' },
  { id: 'orders', label: 'My Orders' },
  { id: 'account', label: 'Account' },
  { id: 'resources', label: 'Resources' },
  { id: 'profile', label: 'Profile' },
  { id: 'website', label: 'My Website' },
];

/** Where a tab opens: nothing open, its first section. */
function dealerTabPath(tab: DealerTab): string {
  switch (tab) {
    case 'orders':
      return formatRoute({ role: 'dealer', tab, orderId: null });
    case 'profile':
      return formatRoute({ role: 'dealer', tab, section: 'profile' });
    default:
      return formatRoute({ role: 'dealer', tab });
  }
}

const TABS: readonly TabItem<DealerTab>[] = TAB_LABELS.map((tab) => ({ ...tab, href: dealerTabPath(tab.id) }));
const open = (tab: DealerTab) => navigate(dealerTabPath(tab));

/** The dealer's screens: the tab, section and open invoice come from the address (route). */
export function DealerDashboard({ route }: { route: DealerRoute }) {
  const content = (): ReactNode => {
    switch (route.tab) {
      case 'overview':
        return <OverviewPanel onOrderProducts={() => open('order')} onUpdateProfile={() => open('profile')} />;
      case 'order':
        return <OrderProductsPanel />;
      case 'orders':
        return <MyOrdersPanel onOrderProducts={() => open('order')} orderId={route.orderId} />;
      case 'account':
        return <AccountPanel />;
      case 'resources':
        return <ResourcesPanel />;
      case 'profile':
        return (
          <DealerProfilePanel
            section={route.section}
            onSectionChange={(section, how) =>
              navigate(formatRoute({ role: 'dealer', tab: 'profile', section }), { replace: how?.byArrow })
            }
          />
        );
      case 'website':
        return <MyWebsitePanel />;
    }
  };
  return (
    <DashboardShell
      title="Dealer dashboard"
      tabs={TABS}
      active={route.tab}
      onSelect={(tab, how) => navigate(dealerTabPath(tab), { replace: how?.byArrow })}
    >
      <MaintenanceNotice />
      {content()}
    </DashboardShell>
  );
}

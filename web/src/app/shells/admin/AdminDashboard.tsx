import type { ReactNode } from 'react';
import { lazyScreen } from '../../../ui/lazyScreen';
import type { TabItem } from '../../../ui/Tabs';
import { navigate } from '../../navigation/history';
import { type AdminRoute, type AdminTab, formatRoute, type ShippingSection } from '../../navigation/routes';
import { DashboardShell } from '../DashboardShell';

// each tab's code loads when the tab first opens: the map (d3-geo, the atlas) only with Dashboard
const DashboardPanel = lazyScreen(() => import('../../../features/dashboard/DashboardPanel'), 'DashboardPanel');
const ManageDealersPanel = lazyScreen(
  () => import('../../../features/dealers/ManageDealersPanel'),
  'ManageDealersPanel',
);
const OrdersPanel = lazyScreen(() => import('../../../features/orders/OrdersPanel'), 'OrdersPanel');
const ReceivablesPanel = lazyScreen(() => import('../../../features/account/ReceivablesPanel'), 'ReceivablesPanel');
const ShippingPanel = lazyScreen(() => import('../../../features/shipping/ShippingPanel'), 'ShippingPanel');
const PicturesPanel = lazyScreen(() => import('../../../features/pictures/PicturesPanel'), 'PicturesPanel');
const ProfileSettings = lazyScreen(() => import('../../../features/profile/ProfileSettings'), 'ProfileSettings');
const SettingsPanel = lazyScreen(() => import('./SettingsPanel'), 'SettingsPanel');

const TAB_LABELS: readonly { id: AdminTab; label: string }[] = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'orders', label: 'Orders' },
  { id: 'receivables', label: 'Receivables' },
  { id: 'shipping', label: 'Shipping' },
  { id: 'pictures', label: 'Pictures' },
  { id: 'dealers', label: 'Manage Dealers' },
  { id: 'settings', label: 'Settings' },
  { id: 'profile', label: 'Profile' },
];
const TABS: readonly TabItem<AdminTab>[] = TAB_LABELS.map((tab) => ({ ...tab, href: adminTabPath(tab.id) }));

/** Where a tab opens: its list, first section, nothing open. */
function adminTabPath(tab: AdminTab): string {
  switch (tab) {
    case 'orders':
      return formatRoute({ role: 'admin', tab, orderId: null });
    case 'dealers':
      return formatRoute({ role: 'admin', tab, dealerId: null });
    case 'shipping':
      return formatRoute({ role: 'admin', tab, section: 'ready', shipmentId: null });
    case 'settings':
      return formatRoute({ role: 'admin', tab, section: 'company' });
    default:
      return formatRoute({ role: 'admin', tab });
  }
}

const shippingPath = (section: ShippingSection) =>
  formatRoute({ role: 'admin', tab: 'shipping', section, shipmentId: null });

/** The admin's screens: the tab, section and open record come from the address (route). */
export function AdminDashboard({ route }: { route: AdminRoute }) {
  const content = (): ReactNode => {
    switch (route.tab) {
      case 'dashboard':
        return <DashboardPanel />;
      case 'orders':
        return <OrdersPanel orderId={route.orderId} />;
      case 'receivables':
        return <ReceivablesPanel />;
      case 'shipping':
        return (
          <ShippingPanel
            section={route.section}
            shipmentId={route.shipmentId}
            hrefFor={shippingPath}
            onSectionChange={(section, how) => navigate(shippingPath(section), { replace: how?.byArrow })}
          />
        );
      case 'pictures':
        return <PicturesPanel />;
      case 'dealers':
        return <ManageDealersPanel dealerId={route.dealerId} orderId={route.orderId ?? null} />;
      case 'settings':
        return (
          <SettingsPanel
            section={route.section}
            onSectionChange={(section, how) =>
              navigate(formatRoute({ role: 'admin', tab: 'settings', section }), { replace: how?.byArrow })
            }
          />
        );
      case 'profile':
        return <ProfileSettings />;
    }
  };

  return (
    <DashboardShell
      title="Admin dashboard"
      tabs={TABS}
      active={route.tab}
      onSelect={(tab, how) => navigate(adminTabPath(tab), { replace: how?.byArrow })}
    >
      {content()}
    </DashboardShell>
  );
}

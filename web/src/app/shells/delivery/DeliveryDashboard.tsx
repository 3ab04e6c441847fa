import type { ReactNode } from 'react';
import { MaintenanceNotice } from '../../../features/maintenance/MaintenanceNotice';
import { lazyScreen } from '../../../ui/lazyScreen';
import type { TabItem } from '../../../ui/Tabs';
import { navigate } from '../../navigation/history';
import { type DeliveryRoute, type DeliveryTab, formatRoute, type ShippingSection } from '../../navigation/routes';
import { DashboardShell } from '../DashboardShell';

const ShippingPanel = lazyScreen(() => import('../../../features/shipping/ShippingPanel'), 'ShippingPanel');
const DeliveryOrdersPanel = lazyScreen(
  () => import('../../../features/delivery-orders/DeliveryOrdersPanel'),
  'DeliveryOrdersPanel',
);
const DealerDirectory = lazyScreen(() => import('../../../features/directory/DealerDirectory'), 'DealerDirectory');
const ProfileSettings = lazyScreen(() => import('../../../features/profile/ProfileSettings'), 'ProfileSettings');

const TAB_LABELS: readonly { id: DeliveryTab; label: string }[] = [
  { id: 'shipping', label: 'Shipping' },
  { id: 'orders', label: 'Orders' },
  { id: 'dealers', label: 'Dealers' },
  { id: 'profile', label: 'Profile' },
];

/** Where a tab opens: its list or first section. */
function deliveryTabPath(tab: DeliveryTab): string {
  if (tab === 'shipping') return shippingPath('my-routes');
  if (tab === 'dealers') return formatRoute({ role: 'delivery', tab, dealerId: null });
  return formatRoute({ role: 'delivery', tab });
}
const shippingPath = (section: ShippingSection) =>
  formatRoute({ role: 'delivery', tab: 'shipping', section, shipmentId: null });

const TABS: readonly TabItem<DeliveryTab>[] = TAB_LABELS.map((tab) => ({ ...tab, href: deliveryTabPath(tab.id) }));

/** The driver's screens: the tab, section and open shipment come from the address (route). */
export function DeliveryDashboard({ route }: { route: DeliveryRoute }) {
  const content = (): ReactNode => {
    switch (route.tab) {
      case 'shipping':
        return (
          <ShippingPanel
            section={route.section}
            shipmentId={route.shipmentId}
            hrefFor={shippingPath}
            onSectionChange={(section, how) => navigate(shippingPath(section), { replace: how?.byArrow })}
          />
        );
      case 'orders':
        return <DeliveryOrdersPanel />;
      case 'dealers':
        return <DealerDirectory dealerId={route.dealerId} />;
      case 'profile':
        return <ProfileSettings />;
    }
  };

  return (
    <DashboardShell
      title="Delivery dashboard"
      tabs={TABS}
      active={route.tab}
      onSelect={(tab, how) => navigate(deliveryTabPath(tab), { replace: how?.byArrow })}
      // the spec's shortcut: straight to the routes sub-tab of Shipping
      actions={[{ label: 'Generated Routes', onClick: () => navigate(shippingPath('routes')) }]}
    >
      <MaintenanceNotice />
      {content()}
    </DashboardShell>
  );
}

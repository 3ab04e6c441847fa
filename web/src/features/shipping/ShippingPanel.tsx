import { useAppSelector } from '../../app/hooks';
import type { ShippingSection } from '../../app/navigation/routes';
import { lazyScreen, ScreenLoading } from '../../ui/lazyScreen';
import { type Section, SectionTabs } from '../../ui/SectionTabs';
import { selectUser } from '../session/sessionSlice';
import { MyRoutesPanel } from './MyRoutesPanel';
import './shipping.css';

// a driver lands on My Routes: the other sections load when opened, so a phone reads less before its routes show
const ReadyToShipPanel = lazyScreen(() => import('./ReadyToShipPanel'), 'ReadyToShipPanel');
const GeneratedRoutesPanel = lazyScreen(() => import('./GeneratedRoutesPanel'), 'GeneratedRoutesPanel');

export type { ShippingSection };

/**
 * Shipping Management, shared by the admin and delivery dashboards; the section (and the shipment whose card is
 * expanded) come from the caller's address. A delivery user's first section is My Routes, their own routes.
 */
export function ShippingPanel({
  section,
  onSectionChange,
  shipmentId = null,
  hrefFor,
}: {
  section: ShippingSection;
  onSectionChange: (section: ShippingSection, how?: { byArrow: boolean }) => void;
  shipmentId?: string | null;
  /** each section's address: its tab is then a link */
  hrefFor?: (section: ShippingSection) => string;
}) {
  const isDriver = useAppSelector(selectUser)?.role === 'delivery';
  const sections: readonly Section<ShippingSection>[] = [
    ...(isDriver
      ? [
          {
            id: 'my-routes' as const,
            label: 'My Routes',
            content: <MyRoutesPanel shipmentId={section === 'my-routes' ? shipmentId : null} />,
            href: hrefFor?.('my-routes'),
          },
        ]
      : []),
    {
      id: 'ready',
      label: 'Orders Ready to Ship',
      content: (
        <ScreenLoading>
          <ReadyToShipPanel />
        </ScreenLoading>
      ),
      href: hrefFor?.('ready'),
    },
    {
      id: 'routes',
      label: 'Generated Routes',
      content: (
        <ScreenLoading>
          <GeneratedRoutesPanel shipmentId={section === 'routes' ? shipmentId : null} />
        </ScreenLoading>
      ),
      href: hrefFor?.('routes'),
    },
  ];
  return <SectionTabs label="Shipping Management" sections={sections} active={section} onChange={onSectionChange} />;
}

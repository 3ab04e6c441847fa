import { type Section, SectionTabs } from '../../ui/SectionTabs';
import { GeneratedRoutesPanel } from './GeneratedRoutesPanel';
import { ReadyToShipPanel } from './ReadyToShipPanel';
import './shipping.css';

export type ShippingSection = 'ready' | 'routes';

/**
 * Shipping Management, shared by the admin and delivery dashboards; the section (and the shipment whose details
 * are open) come from the caller's address.
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
  const sections: readonly Section<ShippingSection>[] = [
    { id: 'ready', label: 'Orders Ready to Ship', content: <ReadyToShipPanel />, href: hrefFor?.('ready') },
    {
      id: 'routes',
      label: 'Generated Routes',
      content: <GeneratedRoutesPanel shipmentId={shipmentId} />,
      href: hrefFor?.('routes'),
    },
  ];
  return <SectionTabs label="Shipping Management" sections={sections} active={section} onChange={onSectionChange} />;
}

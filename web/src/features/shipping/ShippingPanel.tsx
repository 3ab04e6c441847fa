import { type Section, SectionTabs } from '../../ui/SectionTabs';
import { GeneratedRoutesPanel } from './GeneratedRoutesPanel';
import { ReadyToShipPanel } from './ReadyToShipPanel';
import './shipping.css';

export type ShippingSection = 'ready' | 'routes';

const SECTIONS: readonly Section<ShippingSection>[] = [
  { id: 'ready', label: 'Orders Ready to Ship', content: <ReadyToShipPanel /> },
  { id: 'routes', label: 'Generated Routes', content: <GeneratedRoutesPanel /> },
];

/** Shipping Management, shared by the admin and delivery dashboards; the section is the caller's state. */
export function ShippingPanel({
  section,
  onSectionChange,
}: {
  section: ShippingSection;
  onSectionChange: (section: ShippingSection) => void;
}) {
  return <SectionTabs label="Shipping Management" sections={SECTIONS} active={section} onChange={onSectionChange} />;
}

import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { type Section, SectionTabs } from '../../ui/SectionTabs';

export type ShippingSection = 'ready' | 'routes';

const SECTIONS: readonly Section<ShippingSection>[] = [
  {
    id: 'ready',
    label: 'Orders Ready to Ship',
    content: (
      <PlaceholderPanel
        title="Orders Ready to Ship"
        note="Confirmed orders waiting for a shipment arrive here with the shipping release."
      />
    ),
  },
  {
    id: 'routes',
    label: 'Generated Routes',
    content: (
      <PlaceholderPanel
        title="Generated Routes"
        note="Shipments and their delivery routes arrive here with the shipping release."
      />
    ),
  },
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

import { type ReactNode, useId } from 'react';
import { TabPanel, Tabs } from './Tabs';

export interface Section<T extends string> {
  id: T;
  label: string;
  content: ReactNode;
  /** the section's address: its tab is then a link */
  href?: string;
}

interface SectionTabsProps<T extends string> {
  label: string;
  sections: readonly Section<T>[];
  active: T;
  /** `how.byArrow`: moved along the tabs with the arrow keys (a caller keeping the section in the address replaces it) */
  onChange: (id: T, how?: { byArrow: boolean }) => void;
}

/** Sub-tabs inside a dashboard tab (Settings, Shipping, Profile): the tab row and the chosen section. */
export function SectionTabs<T extends string>({ label, sections, active, onChange }: SectionTabsProps<T>) {
  const idPrefix = useId();
  const current = sections.find((section) => section.id === active) ?? sections[0];
  return (
    <div className="section-tabs">
      <Tabs tabs={sections} active={active} onChange={onChange} label={label} idPrefix={idPrefix} variant="sub" />
      {current && (
        <TabPanel idPrefix={idPrefix} tabId={current.id}>
          {current.content}
        </TabPanel>
      )}
    </div>
  );
}

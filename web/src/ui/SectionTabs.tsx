import { type ReactNode, useId } from 'react';
import { TabPanel, Tabs } from './Tabs';

export interface Section<T extends string> {
  id: T;
  label: string;
  content: ReactNode;
}

interface SectionTabsProps<T extends string> {
  label: string;
  sections: readonly Section<T>[];
  active: T;
  onChange: (id: T) => void;
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

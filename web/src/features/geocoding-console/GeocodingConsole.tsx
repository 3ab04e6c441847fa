import { useId, useState } from 'react';
import { lazyScreen, ScreenLoading } from '../../ui/lazyScreen';
import { Message } from '../../ui/Message';
import { type TabItem, TabPanel, Tabs } from '../../ui/Tabs';
import { AddressTesterTab } from './AddressTesterTab';
import type { ConsoleTab } from './consoleTabs';
import { DashboardTab } from './DashboardTab';
import { DiagnosisTab } from './DiagnosisTab';
import { ManualOverrideTab } from './ManualOverrideTab';
import { RepairTab } from './RepairTab';
import { useConsole } from './useConsole';
import './console.css';

const MapManagementPanel = lazyScreen(() => import('../map-management/MapManagementPanel'), 'MapManagementPanel');

const TABS: readonly TabItem<ConsoleTab>[] = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'maps', label: 'Map Management' },
  { id: 'diagnosis', label: 'Diagnosis' },
  { id: 'repair', label: 'Repair Tools' },
  { id: 'manual', label: 'Manual Override' },
  { id: 'test', label: 'Address Tester' },
];

/** Map Settings: the geocoding console's six tabs (001 §2). */
export function GeocodingConsole() {
  const [tab, setTab] = useState<ConsoleTab>('dashboard');
  const [overrideDealer, setOverrideDealer] = useState<string | null>(null);
  const state = useConsole();
  const idPrefix = useId();

  const manualFix = (dealerId: string) => {
    setOverrideDealer(dealerId);
    setTab('manual');
  };

  return (
    <div className="geo-console">
      {/* the tab is Map Settings (001 §2): its heading says so, and what it holds */}
      <header className="geo-console__header">
        <h2 className="geo-console__title">Map Settings</h2>
        <p className="geo-muted">
          The geocoding console: where each dealer sits on the map, what is wrong with it, and the map itself.
        </p>
      </header>
      <Tabs tabs={TABS} active={tab} onChange={setTab} label="Geocoding console" idPrefix={idPrefix} variant="sub" />
      <Message text={state.notice?.text} tone={state.notice?.tone} />
      <TabPanel idPrefix={idPrefix} tabId={tab}>
        {tab === 'dashboard' && <DashboardTab state={state} onOpen={setTab} />}
        {tab === 'maps' && (
          <ScreenLoading>
            <MapManagementPanel />
          </ScreenLoading>
        )}
        {tab === 'diagnosis' && <DiagnosisTab state={state} onManualFix={manualFix} />}
        {tab === 'repair' && <RepairTab state={state} />}
        {tab === 'manual' && (
          <ManualOverrideTab preselected={overrideDealer} onPreselectedUsed={() => setOverrideDealer(null)} />
        )}
        {tab === 'test' && <AddressTesterTab />}
      </TabPanel>
    </div>
  );
}

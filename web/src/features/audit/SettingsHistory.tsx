import { HistoryDisclosure } from './HistoryDisclosure';
import { HistoryPanel } from './HistoryPanel';

/** Settings' History: every saved settings page (company, system configuration, notifications, email). */
export function SettingsHistory() {
  return (
    <HistoryDisclosure className="settings-history">
      <HistoryPanel title="Settings changes" entity="settings" />
    </HistoryDisclosure>
  );
}

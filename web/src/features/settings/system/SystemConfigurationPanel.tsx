import { countOf } from '../../../format/count';
import { Message } from '../../../ui/Message';
import { loadFailureText } from '../shared/notice';
import { SettingsCard, SettingsLoading } from '../shared/SettingsCard';
import { SystemOptionsForm } from './SystemOptionsForm';
import { useGetSystemConfigurationQuery } from './systemConfigurationApi';
import { ZonesEditor } from './ZonesEditor';

/** System Configuration: timezone and maintenance mode, and the dealer zones. */
export function SystemConfigurationPanel() {
  const { data, error, isLoading } = useGetSystemConfigurationQuery();
  if (isLoading) return <SettingsLoading what="system configuration" />;
  if (!data) return <Message text={loadFailureText('Error loading system configuration', error)} />;
  return (
    <div className="settings-stack">
      <SettingsCard title="System Configuration" description="The portal's timezone, and maintenance mode.">
        <SystemOptionsForm initial={data} />
      </SettingsCard>
      <SettingsCard
        title="Dealer Zones"
        description="Every dealer belongs to one zone; the zones filter the dealer list and shipping."
        aside={<span className="badge">{countOf(data.zones.length, 'zone', 'zones')}</span>}
      >
        <ZonesEditor zones={data.zones} />
      </SettingsCard>
    </div>
  );
}

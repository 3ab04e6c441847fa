import { DEFAULT_ZONES } from '@portal/contracts';
import { useGetSystemConfigurationQuery } from '../settings/system/systemConfigurationApi';

/** The dealer zones of the system configuration; the spec's defaults while loading or when it fails. */
export function useZones(): readonly string[] {
  const { data } = useGetSystemConfigurationQuery();
  return data?.zones.length ? data.zones : DEFAULT_ZONES;
}

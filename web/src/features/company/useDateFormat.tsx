import { useAppSelector } from '../../app/hooks';
import { type DateFormat, DEFAULT_TIMEZONE, dateFormatIn } from '../../format/date';
import { selectPublicSettings } from './publicSettingsSlice';

/**
 * The portal's system timezone, from the public settings (read by the app shell on load and when the tab comes
 * back): the default until they load. Only reads the store, so a table may use it in every row.
 */
export function useSystemTimezone(): string {
  return useAppSelector(selectPublicSettings)?.systemTimezone ?? DEFAULT_TIMEZONE;
}

/** Dates and times as every screen shows them, in the system timezone. */
export function useDateFormat(): DateFormat {
  return dateFormatIn(useSystemTimezone());
}

/** An instant as text in the system timezone, for places that are not a component of their own (table cells). */
export function ShownDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const dates = useDateFormat();
  return <>{withTime ? dates.dateTime(iso) : dates.date(iso)}</>;
}

/**
 * How the client shows dates and times: the one place for it, so every screen reads the same ("Mar 4, 2025",
 * "Mar 4, 2025, 2:30 PM"), always in the portal's system timezone (never the browser's: an admin in another zone
 * must see the day the business counts). An unreadable date is shown as given. Screens read the zone's format
 * with `useDateFormat()` (features/company/useDateFormat.ts).
 */

/**
 * The zone used until the public settings load: the system configuration's default (a literal, so the first chunk
 * does not load the contract's schemas; a unit test keeps the two equal).
 */
export const DEFAULT_TIMEZONE = 'America/Chicago';

export interface DateFormat {
  /** the IANA zone the dates are shown in */
  timeZone: string;
  /** "Mar 4, 2025" */
  date(iso: string): string;
  /** "Mar 4, 2025, 2:30 PM" */
  dateTime(iso: string): string;
  /** "2025-03-04": the calendar day of an instant in the zone (file names, default form dates) */
  day(instant: Date): string;
}

// formatters per zone, built on first use: creating an Intl formatter costs far more than formatting, and a table
// shows a date in every row (a cache of pure values: what a zone's format is never changes)
const formatsByZone = new Map<string, DateFormat>();

/** The formats of one zone. */
export function dateFormatIn(timeZone: string): DateFormat {
  let format = formatsByZone.get(timeZone);
  if (!format) {
    format = buildDateFormat(timeZone);
    formatsByZone.set(timeZone, format);
  }
  return format;
}

function buildDateFormat(timeZone: string): DateFormat {
  const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone });
  const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  // en-CA writes dates as YYYY-MM-DD
  const dayFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
  const shown = (iso: string, format: Intl.DateTimeFormat) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
  return {
    timeZone,
    date: (iso) => shown(iso, dateFormat),
    dateTime: (iso) => shown(iso, dateTimeFormat),
    day: (instant) => dayFormat.format(instant),
  };
}

/** "Mar 4, 2025" in the zone. */
export function formatDate(iso: string, timeZone: string): string {
  return dateFormatIn(timeZone).date(iso);
}

/** "Mar 4, 2025, 2:30 PM" in the zone. */
export function formatDateTime(iso: string, timeZone: string): string {
  return dateFormatIn(timeZone).dateTime(iso);
}

const calendarDateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Mar 4, 2025" from a calendar date ("2025-03-04"), the same day in every time zone. */
export function formatCalendarDate(ymd: string): string {
  const date = new Date(`${ymd.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? ymd : calendarDateFormat.format(date);
}

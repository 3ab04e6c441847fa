/**
 * Instants written as people in `timeZone` read them (US style, as the spec shows dates): the JavaScript side
 * of "every date in the system timezone". Pure; daylight saving comes from the runtime's time zone data.
 * Formatters are cached per zone, as building an Intl.DateTimeFormat costs far more than using one.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let kept = formatters.get(key);
  if (!kept) {
    kept = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, kept);
  }
  return kept;
}

type Instant = Date | string;
const toDate = (instant: Instant) => (typeof instant === 'string' ? new Date(instant) : instant);

function parts(kind: string, timeZone: string, options: Intl.DateTimeFormatOptions, instant: Instant) {
  const found: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter(kind, timeZone, options).formatToParts(toDate(instant))) found[part.type] = part.value;
  return found;
}

/** `2026-11-30`: the day the instant falls on in the zone (file names, CSV date columns, day comparisons). */
export function isoDayIn(instant: Instant, timeZone: string): string {
  const p = parts('iso-day', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }, instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `Nov 30, 2026`: the day the instant falls on in the zone, as the spec's `formatted_date` shows it. */
export function formatDayIn(instant: Instant, timeZone: string): string {
  const p = parts('day', timeZone, { year: 'numeric', month: 'short', day: 'numeric' }, instant);
  return `${p.month} ${p.day}, ${p.year}`;
}

/** `Nov 30, 2026 at 11:30 PM CST`: day, time and the zone's abbreviation at that instant (CST or CDT…). */
export function formatDayAndTimeIn(instant: Instant, timeZone: string): string {
  const p = parts(
    'day-time',
    timeZone,
    {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    },
    instant,
  );
  return `${p.month} ${p.day}, ${p.year} at ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

/** `Nov 30, 2026, 23:30 CST`: day, 24-hour time and the zone's abbreviation (a default name, a log line). */
export function formatDayAnd24hTimeIn(instant: Instant, timeZone: string): string {
  const p = parts(
    'day-24h',
    timeZone,
    {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    },
    instant,
  );
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/** `2026-11-30 23:30 CST`: sortable day and 24-hour time with the zone's abbreviation (CSV cells). */
export function formatDateTimeCellIn(instant: Instant, timeZone: string): string {
  const p = parts(
    'cell',
    timeZone,
    {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    },
    instant,
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/**
 * When the daily report and the weekly performance summary are due (issue 21), and which local day or week
 * they cover. Pure: the clock, the system timezone and `daily_report_time` are given. Days are counted in the
 * system timezone, so a report's period is that zone's midnight to midnight as UTC instants: 24 hours, or 23 and
 * 25 on the days daylight saving starts and ends.
 *
 * Only the current local day is ever due: a replica down at the report time sends later that day (late, not
 * never); a day that ended while every replica was down is not sent afterwards (no backlog of old reports).
 */

export interface ReportPeriod {
  /** the first instant of the period (local midnight), ISO 8601 in UTC */
  from: string;
  /** the first instant after it */
  to: string;
}

export interface DueReport {
  /** the claim's kind in sent_notifications */
  kind: 'daily_report' | 'performance_summary';
  /** the claim's key: the local day the report is sent on (2026-11-27) or the ISO week it covers (2026-W47) */
  key: string;
  period: ReportPeriod;
  /** the covered days as the mail names them: `Nov 26, 2026` or `Nov 16 - Nov 22, 2026` */
  label: string;
}

/** A calendar day: year, month 1–12, day 1–31. */
interface Day {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let kept = formatters.get(timeZone);
  if (!kept) {
    kept = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, kept);
  }
  return kept;
}

/** The day and time of day (minutes since midnight) an instant shows on a clock in `timeZone`. */
export function localTime(instant: Date, timeZone: string): Day & { minutes: number; seconds: number } {
  const parts: Record<string, number> = {};
  for (const part of wallClock(timeZone).formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    minutes: (parts.hour as number) * 60 + (parts.minute as number),
    seconds: parts.second as number,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (-6 h in Chicago in winter). */
function offsetAt(instant: number, timeZone: string): number {
  const t = localTime(new Date(instant), timeZone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, Math.floor(t.minutes / 60), t.minutes % 60, t.seconds);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of a day's local midnight in `timeZone` (no US zone changes its clocks at midnight). */
export function localMidnight(day: Day, timeZone: string): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day);
  let instant = wall - offsetAt(wall, timeZone);
  // the offset at the guess may differ from the offset at midnight itself when a change falls in between
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

function addDays(day: Day, days: number): Day {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 Sunday … 6 Saturday */
function weekday(day: Day): number {
  return new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const isoDay = (day: Day) => `${day.year}-${pad(day.month)}-${pad(day.day)}`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthDay = (day: Day) => `${MONTHS[day.month - 1]} ${day.day}`;
/** `Nov 26, 2026`, as the portal writes dates */
export const dayLabel = (day: Day) => `${monthDay(day)}, ${day.year}`;

/** The ISO 8601 week of a day: `2026-W48` (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(day: Day): string {
  const thursday = addDays(day, 3 - ((weekday(day) + 6) % 7));
  const firstOfYear = Date.UTC(thursday.year, 0, 1);
  const week =
    Math.floor((Date.UTC(thursday.year, thursday.month - 1, thursday.day) - firstOfYear) / 86_400_000 / 7) + 1;
  return `${thursday.year}-W${pad(week)}`;
}

/** `08:00` as minutes since midnight; null for anything that is not a time of day. */
export function parseReportTime(text: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

function period(first: Day, afterLast: Day, timeZone: string): ReportPeriod {
  return {
    from: localMidnight(first, timeZone).toISOString(),
    to: localMidnight(afterLast, timeZone).toISOString(),
  };
}

/**
 * The reports due at `now`: on local day D, once the local time of day is at or past `reportTime`, the daily
 * report (key D) covering D-1; and when D is a Monday, the weekly summary of the Monday to Sunday before (key
 * its ISO week). On the day clocks spring forward a report time inside the skipped hour is due from the first
 * minute after it; on the day they fall back it is due at its first occurrence (the claim keeps it to one).
 * An unreadable report time makes nothing due.
 */
export function dueReports(now: Date, timeZone: string, reportTime: string): DueReport[] {
  const at = parseReportTime(reportTime);
  if (at === null) return [];
  const local = localTime(now, timeZone);
  if (local.minutes < at) return [];
  const today: Day = { year: local.year, month: local.month, day: local.day };
  const yesterday = addDays(today, -1);
  const due: DueReport[] = [
    {
      kind: 'daily_report',
      key: isoDay(today),
      period: period(yesterday, today, timeZone),
      label: dayLabel(yesterday),
    },
  ];
  if (weekday(today) === 1) {
    const monday = addDays(today, -7);
    const sunday = addDays(today, -1);
    due.push({
      kind: 'performance_summary',
      key: isoWeek(monday),
      period: period(monday, today, timeZone),
      label:
        monday.year === sunday.year
          ? `${monthDay(monday)} - ${monthDay(sunday)}, ${sunday.year}`
          : `${dayLabel(monday)} - ${dayLabel(sunday)}`,
    });
  }
  return due;
}

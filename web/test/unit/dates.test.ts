import { DEFAULT_SYSTEM_CONFIGURATION, SYSTEM_TIMEZONES } from '@portal/contracts';
import { DEFAULT_TIMEZONE, dateFormatIn, formatCalendarDate, formatDate, formatDateTime } from '../../src/format/date';

describe('Dates shown in the system timezone, whatever the browser’s', () => {
  test('When an instant falls on different days in two zones, Then each zone shows its own day', () => {
    expect(formatDate('2026-12-01T05:30:00Z', 'America/Chicago')).toBe('Nov 30, 2026');
    expect(formatDate('2026-12-01T05:30:00Z', 'America/New_York')).toBe('Dec 1, 2026');
    expect(formatDateTime('2026-12-01T05:30:00Z', 'America/Chicago')).toBe('Nov 30, 2026, 11:30 PM');
    expect(formatDateTime('2026-12-01T05:30:00Z', 'America/Los_Angeles')).toBe('Nov 30, 2026, 9:30 PM');
  });

  test('When daylight saving starts or ends, Then the local time follows the offset of that instant', () => {
    // 2026-03-08: Chicago moves from CST (UTC-6) to CDT (UTC-5) at 2:00 local
    expect(formatDateTime('2026-03-08T07:59:00Z', 'America/Chicago')).toBe('Mar 8, 2026, 1:59 AM');
    expect(formatDateTime('2026-03-08T08:00:00Z', 'America/Chicago')).toBe('Mar 8, 2026, 3:00 AM');
    // 2026-11-01: back to CST at 2:00 CDT, so 1:30 happens twice
    expect(formatDateTime('2026-11-01T06:30:00Z', 'America/Chicago')).toBe('Nov 1, 2026, 1:30 AM');
    expect(formatDateTime('2026-11-01T07:30:00Z', 'America/Chicago')).toBe('Nov 1, 2026, 1:30 AM');
    // an evening order on the last day of a month, in summer time, stays in that month
    expect(formatDate('2026-08-01T04:30:00Z', 'America/Chicago')).toBe('Jul 31, 2026');
    expect(formatDate('2026-08-01T04:30:00Z', 'America/Denver')).toBe('Jul 31, 2026');
    expect(formatDate('2026-08-01T04:30:00Z', 'America/New_York')).toBe('Aug 1, 2026');
  });

  test('When the calendar day of an instant is needed, Then it is the zone’s day as YYYY-MM-DD', () => {
    expect(dateFormatIn('America/Chicago').day(new Date('2026-12-01T05:30:00Z'))).toBe('2026-11-30');
    expect(dateFormatIn('America/New_York').day(new Date('2026-12-01T05:30:00Z'))).toBe('2026-12-01');
    expect(dateFormatIn('America/Chicago').day(new Date('2027-01-01T05:59:00Z'))).toBe('2026-12-31');
  });

  test('When a date is unreadable, Then it is shown as given; a calendar date is the same day everywhere', () => {
    expect(formatDate('not a date', 'America/Chicago')).toBe('not a date');
    expect(formatCalendarDate('2026-12-01')).toBe('Dec 1, 2026');
  });

  test('When the settings have not loaded, Then the default zone is the system configuration’s', () => {
    expect(DEFAULT_TIMEZONE).toBe(DEFAULT_SYSTEM_CONFIGURATION.system_timezone);
    // every zone the settings offer formats (an unknown zone would throw in Intl)
    for (const zone of SYSTEM_TIMEZONES) expect(() => dateFormatIn(zone).date('2026-01-01T00:00:00Z')).not.toThrow();
  });
});

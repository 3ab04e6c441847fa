/**
 * Instants written in the system timezone: a month end (an evening in Chicago that is already the next month
 * in UTC) and both daylight-saving changes of 2026 (8 March, 1 November), with the zone's abbreviation.
 */
import {
  formatDateTimeCellIn,
  formatDayAnd24hTimeIn,
  formatDayAndTimeIn,
  formatDayIn,
  isoDayIn,
} from '../../src/settings/zoned-dates';

const CHICAGO = 'America/Chicago';
const NEW_YORK = 'America/New_York';
/** 23:30 on 30 November 2026 in Chicago (CST, UTC-6) */
const MONTH_END = '2026-12-01T05:30:00.000Z';

test('When an order is placed at 23:30 on the last day of a month in Chicago, Then it shows that day there and the next in New York', () => {
  expect(isoDayIn(MONTH_END, CHICAGO)).toBe('2026-11-30');
  expect(formatDayIn(MONTH_END, CHICAGO)).toBe('Nov 30, 2026');
  expect(formatDayAndTimeIn(MONTH_END, CHICAGO)).toBe('Nov 30, 2026 at 11:30 PM CST');
  expect(formatDayAnd24hTimeIn(MONTH_END, CHICAGO)).toBe('Nov 30, 2026, 23:30 CST');
  expect(formatDateTimeCellIn(MONTH_END, CHICAGO)).toBe('2026-11-30 23:30 CST');
  expect(isoDayIn(new Date(MONTH_END), NEW_YORK)).toBe('2026-12-01');
  expect(formatDayIn(MONTH_END, NEW_YORK)).toBe('Dec 1, 2026');
  expect(formatDayAndTimeIn(MONTH_END, NEW_YORK)).toBe('Dec 1, 2026 at 12:30 AM EST');
});

test('When clocks spring forward on 8 March 2026, Then times on either side carry CST and CDT', () => {
  // 02:00 CST becomes 03:00 CDT at 08:00Z
  expect(formatDayAndTimeIn('2026-03-08T07:59:00.000Z', CHICAGO)).toBe('Mar 8, 2026 at 1:59 AM CST');
  expect(formatDayAndTimeIn('2026-03-08T08:00:00.000Z', CHICAGO)).toBe('Mar 8, 2026 at 3:00 AM CDT');
  // the day starts at 06:00Z (CST) and the next at 05:00Z (CDT)
  expect(isoDayIn('2026-03-08T05:59:59.999Z', CHICAGO)).toBe('2026-03-07');
  expect(isoDayIn('2026-03-08T06:00:00.000Z', CHICAGO)).toBe('2026-03-08');
  expect(isoDayIn('2026-03-09T04:59:59.999Z', CHICAGO)).toBe('2026-03-08');
  expect(isoDayIn('2026-03-09T05:00:00.000Z', CHICAGO)).toBe('2026-03-09');
});

test('When clocks fall back on 1 November 2026, Then the repeated hour is told apart by CDT and CST', () => {
  expect(formatDayAndTimeIn('2026-11-01T06:30:00.000Z', CHICAGO)).toBe('Nov 1, 2026 at 1:30 AM CDT');
  expect(formatDayAndTimeIn('2026-11-01T07:30:00.000Z', CHICAGO)).toBe('Nov 1, 2026 at 1:30 AM CST');
  expect(formatDateTimeCellIn('2026-11-01T07:30:00.000Z', CHICAGO)).toBe('2026-11-01 01:30 CST');
  // the day starts at 05:00Z (CDT) and ends at 06:00Z on 2 November (CST): 25 hours
  expect(isoDayIn('2026-11-01T04:59:59.999Z', CHICAGO)).toBe('2026-10-31');
  expect(isoDayIn('2026-11-01T05:00:00.000Z', CHICAGO)).toBe('2026-11-01');
  expect(isoDayIn('2026-11-02T05:59:59.999Z', CHICAGO)).toBe('2026-11-01');
  expect(isoDayIn('2026-11-02T06:00:00.000Z', CHICAGO)).toBe('2026-11-02');
});

test('When the same formatter is used for two zones, Then each answers in its own zone (none is shared by mistake)', () => {
  const instant = '2026-07-04T03:00:00.000Z';
  expect(formatDayIn(instant, 'America/Los_Angeles')).toBe('Jul 3, 2026');
  expect(formatDayIn(instant, 'America/Denver')).toBe('Jul 3, 2026');
  expect(formatDayIn(instant, NEW_YORK)).toBe('Jul 3, 2026');
  expect(formatDayAndTimeIn(instant, 'America/Los_Angeles')).toBe('Jul 3, 2026 at 8:00 PM PDT');
  expect(formatDayAndTimeIn(instant, 'America/Denver')).toBe('Jul 3, 2026 at 9:00 PM MDT');
});

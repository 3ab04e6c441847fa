import { dueReports, isoWeek, localMidnight, parseReportTime } from '../../src/domain/reports/report-schedule';

const CHICAGO = 'America/Chicago';
const at = (iso: string) => new Date(iso);
const hours = (period: { from: string; to: string }) => (Date.parse(period.to) - Date.parse(period.from)) / 3_600_000;

describe('the daily report is due', () => {
  it('from the report minute of the local day, covering the local day before as UTC instants', () => {
    // Friday Nov 27, 2026: 07:59 and 08:00 in Chicago (CST, UTC-6)
    expect(dueReports(at('2026-11-27T13:59:59Z'), CHICAGO, '08:00')).toEqual([]);
    expect(dueReports(at('2026-11-27T14:00:00Z'), CHICAGO, '08:00')).toEqual([
      {
        kind: 'daily_report',
        key: '2026-11-27',
        period: { from: '2026-11-26T06:00:00.000Z', to: '2026-11-27T06:00:00.000Z' },
        label: 'Nov 26, 2026',
      },
    ]);
  });

  it('for the rest of that local day (late rather than never), then not until the next day’s minute', () => {
    expect(dueReports(at('2026-11-28T05:59:00Z'), CHICAGO, '08:00').map((r) => r.key)).toEqual(['2026-11-27']);
    // 00:00 on Nov 28 in Chicago: a new day, before its report time; Nov 27's is no longer due
    expect(dueReports(at('2026-11-28T06:00:00Z'), CHICAGO, '08:00')).toEqual([]);
    expect(dueReports(at('2026-11-28T14:00:00Z'), CHICAGO, '08:00').map((r) => r.key)).toEqual(['2026-11-28']);
  });

  it('at 23:xx by the local day, although the UTC day has already turned', () => {
    // 23:45 on Nov 27 in Chicago is 05:45 on Nov 28 in UTC
    expect(dueReports(at('2026-11-28T05:29:00Z'), CHICAGO, '23:30')).toEqual([]);
    const [report] = dueReports(at('2026-11-28T05:45:00Z'), CHICAGO, '23:30');
    expect(report?.key).toBe('2026-11-27');
    expect(report?.period).toEqual({ from: '2026-11-26T06:00:00.000Z', to: '2026-11-27T06:00:00.000Z' });
    // ten minutes past local midnight: Nov 28, before 23:30
    expect(dueReports(at('2026-11-28T06:10:00Z'), CHICAGO, '23:30')).toEqual([]);
  });

  it('covers 23 hours for the day clocks spring forward (Mar 8, 2026)', () => {
    const [report] = dueReports(at('2026-03-09T13:00:00Z'), CHICAGO, '08:00');
    expect(report?.label).toBe('Mar 8, 2026');
    expect(report?.period).toEqual({ from: '2026-03-08T06:00:00.000Z', to: '2026-03-09T05:00:00.000Z' });
    expect(hours(report?.period as never)).toBe(23);
  });

  it('on the day clocks spring forward, at a report time in the skipped hour from the first minute after it', () => {
    // 01:59 CST, then 03:00 CDT: 02:30 never shows on the clock
    expect(dueReports(at('2026-03-08T07:59:00Z'), CHICAGO, '02:30')).toEqual([]);
    expect(dueReports(at('2026-03-08T08:00:00Z'), CHICAGO, '02:30').map((r) => r.key)).toEqual(['2026-03-08']);
  });

  it('covers 25 hours for the day clocks fall back (Nov 1, 2026), and is due at the first 01:30 of it', () => {
    const [report] = dueReports(at('2026-11-02T14:00:00Z'), CHICAGO, '08:00');
    expect(report?.period).toEqual({ from: '2026-11-01T05:00:00.000Z', to: '2026-11-02T06:00:00.000Z' });
    expect(hours(report?.period as never)).toBe(25);
    expect(dueReports(at('2026-11-01T06:29:00Z'), CHICAGO, '01:30')).toEqual([]);
    // 01:30 CDT, and an hour later 01:30 CST again: the same key, so the claim sends it once
    expect(dueReports(at('2026-11-01T06:30:00Z'), CHICAGO, '01:30').map((r) => r.key)).toEqual(['2026-11-01']);
    expect(dueReports(at('2026-11-01T07:30:00Z'), CHICAGO, '01:30').map((r) => r.key)).toEqual(['2026-11-01']);
  });

  it('counts days in the zone it is given', () => {
    const [report] = dueReports(at('2026-11-27T16:00:00Z'), 'America/Los_Angeles', '08:00');
    expect(report?.period).toEqual({ from: '2026-11-26T08:00:00.000Z', to: '2026-11-27T08:00:00.000Z' });
    expect(dueReports(at('2026-11-27T15:59:00Z'), 'America/Los_Angeles', '08:00')).toEqual([]);
  });

  it('never, for a time of day that is not one', () => {
    expect(parseReportTime('24:00')).toBeNull();
    expect(parseReportTime('08:60')).toBeNull();
    expect(parseReportTime('8:00')).toBeNull();
    expect(parseReportTime('23:59')).toBe(23 * 60 + 59);
    expect(dueReports(at('2026-11-27T23:00:00Z'), CHICAGO, '25:00')).toEqual([]);
  });
});

describe('the weekly performance summary is due', () => {
  it('on Monday at the report time, covering Monday to Sunday before, keyed by that ISO week', () => {
    // Monday Nov 30, 2026
    expect(dueReports(at('2026-11-30T13:59:00Z'), CHICAGO, '08:00')).toEqual([]);
    const due = dueReports(at('2026-11-30T14:00:00Z'), CHICAGO, '08:00');
    expect(due.map((r) => r.kind)).toEqual(['daily_report', 'performance_summary']);
    expect(due[1]).toEqual({
      kind: 'performance_summary',
      key: '2026-W48',
      period: { from: '2026-11-23T06:00:00.000Z', to: '2026-11-30T06:00:00.000Z' },
      label: 'Nov 23 - Nov 29, 2026',
    });
  });

  it('on no other day', () => {
    for (const day of ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'])
      expect(dueReports(at(`${day}T20:00:00Z`), CHICAGO, '08:00').map((r) => r.kind)).toEqual(['daily_report']);
  });

  it('covers 167 hours for the week clocks spring forward in, and names weeks across the new year', () => {
    const [, spring] = dueReports(at('2026-03-09T14:00:00Z'), CHICAGO, '08:00');
    expect(spring?.key).toBe('2026-W10');
    expect(hours(spring?.period as never)).toBe(167);
    const [, newYear] = dueReports(at('2027-01-04T14:00:00Z'), CHICAGO, '08:00');
    expect(newYear?.key).toBe('2026-W53');
    expect(newYear?.label).toBe('Dec 28, 2026 - Jan 3, 2027');
  });
});

describe('calendar helpers', () => {
  it('ISO weeks', () => {
    expect(isoWeek({ year: 2026, month: 1, day: 1 })).toBe('2026-W01');
    expect(isoWeek({ year: 2027, month: 1, day: 3 })).toBe('2026-W53');
    expect(isoWeek({ year: 2025, month: 12, day: 29 })).toBe('2026-W01');
  });

  it('local midnight on either side of a change', () => {
    expect(localMidnight({ year: 2026, month: 3, day: 8 }, CHICAGO).toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(localMidnight({ year: 2026, month: 3, day: 9 }, CHICAGO).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(localMidnight({ year: 2026, month: 11, day: 2 }, CHICAGO).toISOString()).toBe('2026-11-02T06:00:00.000Z');
  });
});

import { dateFormatIn } from '../../format/date';

/** The name of the Orders tab's CSV export: orders-2025-03-04.csv, the day in the system timezone. */
export function ordersCsvFilename(timeZone: string, now = new Date()): string {
  return `orders-${dateFormatIn(timeZone).day(now)}.csv`;
}

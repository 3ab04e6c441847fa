/** The name of the Orders tab's CSV export: orders-2025-03-04.csv */
export function ordersCsvFilename(now = new Date()): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}

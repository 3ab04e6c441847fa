import { routes } from '../../api/routes';
import { downloadServerCsv } from '../../csv/downloadExport';
import { ordersCsvFilename } from './orderCsv';
import type { OrderListParams } from './orderQuery';

/**
 * The Orders tab's CSV export: every order matching its filters, search and sort, streamed by the order service
 * (GET /api/admin/all-orders/export, the same query without a page), not the rows the table has loaded.
 */
export function downloadOrdersCsv(token: string | null, query: OrderListParams, timeZone: string): Promise<void> {
  return downloadServerCsv(token, routes['admin.exportOrders'], { query }, ordersCsvFilename(timeZone));
}

import type { OrderListQuery } from '@portal/contracts';
import { type CsvExport, readSystemTimezone } from '@portal/platform';
import type { OrderContext } from '../context';
import { type OrderFilter, orderCsvQuery, readOrderPage } from '../data/order-list';
import { ORDER_CSV_HEADER, type OrderCsvSource, orderCsvRow, ordersCsvFilename } from '../domain/order-csv';
import { type OrderRecord, orderView } from '../domain/order-view';

/** The orders lists' query without its page (the export's query). */
export type OrderListFilterQuery = Omit<OrderListQuery, 'limit' | 'cursor'>;

/**
 * The list's filter: the query's, within the dealer of the dealer-orders path; days in the system timezone (the
 * service's copy, fed by settings.timezone_changed), read only when days are asked for.
 */
async function filterOf(
  ctx: OrderContext,
  query: OrderListFilterQuery,
  scopeDealerId: string | null,
): Promise<OrderFilter> {
  const days = query.from !== undefined || query.to !== undefined;
  return {
    scopeDealerId: scopeDealerId ?? undefined,
    dealerId: query.dealer_id,
    statuses: query.status,
    paymentStatuses: query.payment_status,
    onHold: query.on_hold,
    search: query.q || undefined,
    from: query.from,
    to: query.to,
    timezone: days ? await readSystemTimezone(ctx.db.manager) : 'UTC',
  };
}

/**
 * The all-orders list (scopeDealerId null) or a dealer's: without limit/cursor every matching order (every
 * order, newest first, when the query is empty: the specification's answer); with them one page by keyset,
 * with the next cursor and the total.
 */
export async function orderList(
  ctx: OrderContext,
  scopeDealerId: string | null,
  query: OrderListQuery,
): Promise<{ orders: ReturnType<typeof orderView>[]; page?: { next_cursor: string | null; total: number } }> {
  const { limit, cursor, sort, ...filters } = query;
  const filter = await filterOf(ctx, query, scopeDealerId);
  const { records, page } = await readOrderPage(ctx.db.manager, { limit, cursor, sort }, filter, {
    ...filters,
    scope: scopeDealerId,
  });
  return { orders: records.map((record: OrderRecord) => orderView(record)), page };
}

/**
 * The CSV export of every order that matches the query, in its sort (the same columns and cells as the Orders
 * tab's export), for the platform to stream from a database cursor: memory holds a batch, not the list.
 */
export async function ordersCsvExport(
  ctx: OrderContext,
  query: OrderListFilterQuery,
  now: Date,
): Promise<CsvExport<OrderCsvSource>> {
  const filter = await filterOf(ctx, query, null);
  return {
    filename: ordersCsvFilename(now, await readSystemTimezone(ctx.db.manager)),
    ...orderCsvQuery(query.sort, filter),
    header: ORDER_CSV_HEADER,
    record: orderCsvRow,
  };
}

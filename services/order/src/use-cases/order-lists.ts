import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { OrderListQuery } from '@portal/contracts';
import { stringify } from 'csv-stringify';
import type { OrderContext } from '../context';
import { type OrderFilter, readOrderPage, streamOrderCsvRecords } from '../data/order-list';
import { ORDER_CSV_HEADER, type OrderCsvSource, orderCsvRow } from '../domain/order-csv';
import { type OrderRecord, orderView } from '../domain/order-view';
import { systemTimezone } from '../identity/identity-client';

/** The orders lists' query without its page (the export's query). */
export type OrderListFilterQuery = Omit<OrderListQuery, 'limit' | 'cursor'>;

/** The list's filter: the query's, within the dealer of the dealer-orders path; days in the system timezone. */
async function filterOf(
  ctx: OrderContext,
  query: OrderListFilterQuery,
  scopeDealerId: string | null,
  authorization: string | undefined,
): Promise<OrderFilter> {
  const days = query.from !== undefined || query.to !== undefined;
  return {
    scopeDealerId: scopeDealerId ?? undefined,
    dealerId: query.dealer_id,
    statuses: query.status,
    paymentStatuses: query.payment_status,
    search: query.q || undefined,
    from: query.from,
    to: query.to,
    timezone: days ? await systemTimezone(ctx, authorization) : 'UTC',
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
  authorization: string | undefined,
): Promise<{ orders: ReturnType<typeof orderView>[]; page?: { next_cursor: string | null; total: number } }> {
  const { limit, cursor, sort, ...filters } = query;
  const filter = await filterOf(ctx, query, scopeDealerId, authorization);
  const { records, page } = await readOrderPage(ctx.db.manager, { limit, cursor, sort }, filter, {
    ...filters,
    scope: scopeDealerId,
  });
  return { orders: records.map((record: OrderRecord) => orderView(record)), page };
}

/**
 * Writes every order that matches the query, in its sort, to `out` as CSV (UTF-8 with a byte-order mark, every
 * cell quoted, CRLF records), streamed from a database cursor with back-pressure: memory holds a batch, not
 * the list.
 */
export async function exportOrdersCsv(
  ctx: OrderContext,
  query: OrderListFilterQuery,
  authorization: string | undefined,
  out: Writable,
): Promise<void> {
  const filter = await filterOf(ctx, query, null, authorization);
  await streamOrderCsvRecords(ctx.db, query.sort, filter, (rows: Readable) =>
    pipeline(
      rows,
      async function* toRecords(source: AsyncIterable<OrderCsvSource>) {
        for await (const order of source) yield orderCsvRow(order);
      },
      stringify({
        bom: true,
        header: true,
        columns: [...ORDER_CSV_HEADER],
        quoted: true,
        quoted_empty: true,
        record_delimiter: 'windows',
      }),
      out,
    ),
  );
}

import type { Order } from '@portal/contracts';
import { useCallback, useState } from 'react';
import { downloadCsv } from '../../csv/writeCsv';
import { Button } from '../../ui/Button';
import { SelectInput } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { InvoiceModal } from './InvoiceModal';
import { NewOrderModal } from './NewOrderModal';
import { OrdersTable } from './OrdersTable';
import { orderStatusLabel } from './orderBadges';
import { ORDER_CSV_HEADER, orderCsvRow, ordersCsvFilename } from './orderCsv';
import { STATUS_FILTER_OPTIONS, type StatusFilter } from './orderList';
import { fetchOrdersFailure } from './orderMessages';
import { useGetAllOrdersQuery } from './ordersApi';
import { useOrderList } from './useOrderList';
import './order-list.css';
import './orders.css';

const EMPTY: readonly Order[] = [];

/**
 * Admin: the Orders tab (000 §2) — Create New Order, search (order number, dealer), status filter, the sortable
 * table with status and payment badges, the CSV export of what is shown, and the invoice of a clicked order.
 */
export function OrdersPanel() {
  const { data, isLoading, error } = useGetAllOrdersQuery(undefined, { refetchOnMountOrArgChange: 30 });
  const orders = data ?? EMPTY;
  const list = useOrderList(orders);
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string>();
  const open = useCallback((order: Order) => setOpenId(order.order_id), []);
  // the list's copy: fresh after every update or payment
  const opened = openId ? orders.find((order) => order.order_id === openId) : undefined;

  const exportCsv = () => downloadCsv(ordersCsvFilename(), ORDER_CSV_HEADER, list.shown.map(orderCsvRow));

  return (
    <section className="orders-panel" aria-labelledby="orders-title">
      <header className="orders-panel__header">
        <h2 id="orders-title">All Orders ({orders.length})</h2>
        <div className="button-row">
          <Button variant="secondary" onClick={exportCsv} disabled={list.shown.length === 0}>
            Export CSV
          </Button>
          <Button onClick={() => setCreating(true)}>Create New Order</Button>
        </div>
      </header>
      <Message text={notice ?? (error ? fetchOrdersFailure(error) : undefined)} />
      <div className="orders-toolbar">
        <div className="field orders-toolbar__search">
          <label htmlFor="order-search">Search</label>
          <input
            id="order-search"
            type="search"
            placeholder="Order number or dealer name"
            value={list.filters.search}
            onChange={(event) => list.setFilters({ ...list.filters, search: event.target.value })}
          />
        </div>
        <SelectInput
          label="Status"
          value={list.filters.status}
          onChange={(status) => list.setFilters({ ...list.filters, status: status as StatusFilter })}
          options={[
            { value: '', label: 'All Statuses' },
            ...STATUS_FILTER_OPTIONS.map((status) => ({ value: status, label: orderStatusLabel(status) })),
          ]}
        />
      </div>
      <p className="muted orders-panel__count" aria-live="polite">
        {isLoading ? 'Loading orders…' : `Showing ${list.shown.length} of ${orders.length} orders`}
      </p>
      <OrdersTable orders={list.shown} sort={list.sort} onSort={list.sortBy} onOpen={open} />
      {opened && <InvoiceModal key={opened.order_id} order={opened} context="orders" onClose={() => setOpenId(null)} />}
      {creating && (
        <NewOrderModal
          onClose={() => setCreating(false)}
          onCreated={(message) => {
            setCreating(false);
            setNotice(message);
          }}
        />
      )}
    </section>
  );
}

import type { Order } from '@portal/contracts';
import { Suspense, useCallback, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { leaveTo, navigate } from '../../app/navigation/history';
import { formatRoute, withQuery } from '../../app/navigation/routes';
import { orderStatusText, paymentStatusText } from '../../format/statusLabels';
import { Button } from '../../ui/Button';
import { InputField, SelectInput } from '../../ui/FormField';
import { lazyScreen } from '../../ui/lazyScreen';
import { Message } from '../../ui/Message';
import { useSystemTimezone } from '../company/useDateFormat';
import { DealerPicker } from '../dealers/DealerPicker';
import { selectToken } from '../session/sessionSlice';
import { OrdersTable } from './OrdersTable';
import { fetchOrdersFailure } from './orderMessages';
import {
  HOLD_CHOICE_LABELS,
  HOLD_CHOICES,
  ORDER_STATUS_CHOICES,
  orderCountText,
  PAYMENT_STATUS_CHOICES,
} from './orderQuery';
import { downloadOrdersCsv } from './ordersExport';
import { useOrderList } from './useOrderList';
import { useOrderRecord } from './useOrderRecord';
import './order-list.css';
import './orders.css';

const ALL_ORDERS = { kind: 'all' } as const;

// opened by a click: their code (the invoice, its PDF and payments; the new-order form) is not part of opening the tab
const InvoiceModal = lazyScreen(() => import('./InvoiceModal'), 'InvoiceModal');
const NewOrderModal = lazyScreen(() => import('./NewOrderModal'), 'NewOrderModal');

/**
 * Admin: the Orders tab (000 §2) — Create New Order, search (order number, dealer, email, city), filters by
 * status, payment, credit hold, dealer and date, the sortable table read from the server a page at a time as it
 * scrolls, the CSV export of every matching order, and the invoice of a clicked order.
 */
/** An order's invoice address, keeping the list's filters in the query so closing it shows the same list. */
function orderPath(orderId: string | null): string {
  return withQuery(formatRoute({ role: 'admin', tab: 'orders', orderId }), window.location.search);
}
const orderHref = (order: Order) => orderPath(order.order_id);

export function OrdersPanel({ orderId = null }: { orderId?: string | null }) {
  const token = useAppSelector(selectToken);
  const timeZone = useSystemTimezone();
  const list = useOrderList();
  const { filters, setFilters } = list;
  const [creating, setCreating] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<string>();
  const open = useCallback((order: Order) => navigate(orderPath(order.order_id)), []);
  // the list's copy, fresh after every update or payment; looked up by its id when the list does not show it
  const opened = useOrderRecord(orderId, list.rows, ALL_ORDERS).order;

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadOrdersCsv(token, list.query, timeZone);
    } catch (failure) {
      setNotice(`Error exporting orders: ${failure instanceof Error ? failure.message : String(failure)}`);
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className="orders-panel" aria-labelledby="orders-title">
      <header className="orders-panel__header">
        <h2 id="orders-title">All Orders</h2>
        <div className="button-row">
          <Button
            variant="secondary"
            onClick={exportCsv}
            busy={exporting}
            busyLabel="Exporting..."
            disabled={list.loading || list.total === 0}
          >
            Export CSV
          </Button>
          <Button onClick={() => setCreating(true)}>Create New Order</Button>
        </div>
      </header>
      <Message text={notice ?? (list.error ? fetchOrdersFailure(list.error) : undefined)} />
      <div className="orders-toolbar orders-toolbar--admin">
        <div className="field orders-toolbar__search">
          <label htmlFor="order-search">Search</label>
          <input
            id="order-search"
            type="search"
            placeholder="Order number, dealer, email or city"
            value={filters.search}
            onChange={(event) => setFilters({ ...filters, search: event.target.value })}
          />
        </div>
        <SelectInput
          label="Status"
          value={filters.status}
          onChange={(status) => setFilters({ ...filters, status: status as typeof filters.status })}
          options={[
            { value: '', label: 'All Statuses' },
            ...ORDER_STATUS_CHOICES.map((status) => ({ value: status, label: orderStatusText(status) })),
          ]}
        />
        <SelectInput
          label="Payment"
          value={filters.payment}
          onChange={(payment) => setFilters({ ...filters, payment: payment as typeof filters.payment })}
          options={[
            { value: '', label: 'All Payments' },
            ...PAYMENT_STATUS_CHOICES.map((payment) => ({ value: payment, label: paymentStatusText(payment) })),
          ]}
        />
        <SelectInput
          label="Hold"
          className="orders-toolbar__hold"
          value={filters.hold}
          onChange={(hold) => setFilters({ ...filters, hold: hold as typeof filters.hold })}
          options={[
            { value: '', label: 'All Orders' },
            ...HOLD_CHOICES.map((hold) => ({ value: hold, label: HOLD_CHOICE_LABELS[hold] })),
          ]}
        />
        <DealerPicker
          label="Dealer"
          anyLabel="All Dealers"
          className="orders-toolbar__dealer"
          value={filters.dealer}
          onChange={(dealer) => setFilters({ ...filters, dealer })}
        />
        <InputField
          label="From"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(from) => setFilters({ ...filters, from })}
        />
        <InputField
          label="To"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(to) => setFilters({ ...filters, to })}
        />
      </div>
      <p className="muted orders-panel__count" aria-live="polite">
        {list.loading ? 'Loading orders…' : orderCountText(list.total ?? list.rows.length, list.narrowed)}
      </p>
      <OrdersTable
        orders={list.rows}
        sort={list.sort}
        onSort={list.sortBy}
        onOpen={open}
        hrefFor={orderHref}
        loading={list.loading}
        onEndReached={list.loadMore}
        scrollKey={list.scrollKey}
      />
      <Suspense fallback={null}>
        {opened && (
          <InvoiceModal
            key={opened.order_id}
            order={opened}
            context="orders"
            onClose={() => leaveTo(orderPath(null))}
          />
        )}
        {creating && (
          <NewOrderModal
            onClose={() => setCreating(false)}
            onCreated={(message) => {
              setCreating(false);
              setNotice(message);
            }}
          />
        )}
      </Suspense>
    </section>
  );
}

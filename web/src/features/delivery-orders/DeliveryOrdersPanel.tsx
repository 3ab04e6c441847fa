import type { Order } from '@portal/contracts';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { formatDate } from '../../format/date';
import { formatCents } from '../../format/money';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { type VirtualColumn, VirtualTable } from '../../ui/VirtualTable';
import { StatusBadge } from '../orders/OrderBadges';
import { OrderDetailsModal } from '../shipping/OrderDetailsModal';
import { detailsOfOrder } from '../shipping/orderDetails';
import { shippingFailure } from '../shipping/shippingMessages';
import {
  DEFAULT_SORT,
  type DeliverySort,
  type DeliverySortColumn,
  NO_FILTERS,
  nextSort,
  orderDealer,
  orderItems,
  orderPlace,
  STATUS_CHOICES,
  shownOrders,
} from './deliveryOrderList';
import { useGetDeliveryOrdersQuery } from './deliveryOrdersApi';
import './delivery-orders.css';

const EMPTY: Order[] = [];
const ROW_HEIGHT = 52;
const VIEWPORT_HEIGHT = 600;

const statusLabel = (status: string) => status.replace('_', ' ').replace(/^./, (first) => first.toUpperCase());

const COLUMNS: readonly {
  column: DeliverySortColumn;
  label: string;
  cell: (order: Order, open: (order: Order) => void) => ReactNode;
  className: string;
}[] = [
  {
    column: 'date',
    label: 'Order Date',
    cell: (order) => formatDate(order.created_at),
    className: 'delivery-orders__date',
  },
  {
    column: 'number',
    label: 'Order ID',
    // the row opens on a click; the button makes it reachable from the keyboard too
    cell: (order, open) => (
      <button
        type="button"
        className="delivery-orders__id"
        aria-label={`Details of order ${order.order_number}`}
        onClick={(event) => {
          event.stopPropagation();
          open(order);
        }}
      >
        #{order.order_number}
      </button>
    ),
    className: 'delivery-orders__number',
  },
  {
    column: 'dealer',
    label: 'Dealer',
    cell: (order) => <span title={orderDealer(order)}>{orderDealer(order)}</span>,
    className: 'delivery-orders__dealer',
  },
  { column: 'place', label: 'City', cell: orderPlace, className: 'delivery-orders__place' },
  {
    column: 'total',
    label: 'Total',
    cell: (order) => `${formatCents(Math.round(order.total_value * 100))} · ${orderItems(order)} items`,
    className: 'delivery-orders__total',
  },
  {
    column: 'status',
    label: 'Status',
    cell: (order) => <StatusBadge status={order.status} />,
    className: 'delivery-orders__status',
  },
];

/**
 * The delivery user's Orders tab (000 §2): every order, newest first, searchable, filterable by status and
 * sortable; read-only (a row opens its details, nothing can change).
 */
export function DeliveryOrdersPanel() {
  const { data, error, isLoading, isFetching, refetch } = useGetDeliveryOrdersQuery(undefined, {
    refetchOnMountOrArgChange: 30,
  });
  const orders = data ?? EMPTY;
  const [filters, setFilters] = useState(NO_FILTERS);
  const [sort, setSort] = useState<DeliverySort>(DEFAULT_SORT);
  const [opened, setOpened] = useState<Order | null>(null);
  const shown = useMemo(() => shownOrders(orders, filters, sort), [orders, filters, sort]);
  const searchId = useId();
  const statusId = useId();

  const columns = useMemo(
    () =>
      COLUMNS.map(
        ({ column, label, cell, className }): VirtualColumn<Order> => ({
          id: column,
          className,
          header: (
            <SortHeader label={label} column={column} sort={sort} onSort={(next) => setSort(nextSort(sort, next))} />
          ),
          cell: (order) => cell(order, setOpened),
        }),
      ),
    [sort],
  );

  return (
    <section className="delivery-orders" aria-labelledby="delivery-orders-title">
      <header className="delivery-orders__header">
        <h2 id="delivery-orders-title">All Orders ({orders.length})</h2>
        <Button variant="secondary" onClick={() => refetch()} busy={isFetching} busyLabel="Refreshing...">
          Refresh
        </Button>
      </header>
      <p className="portal-notice" role="note">
        View-only access: you can see every order and its status; orders change from the Shipping tab.
      </p>
      <div className="delivery-orders__toolbar">
        <div className="field">
          <label htmlFor={searchId}>Search</label>
          <input
            id={searchId}
            type="search"
            value={filters.search}
            placeholder="Order ID, dealer, city or state"
            onChange={(event) => setFilters({ ...filters, search: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={statusId}>Status</label>
          <select
            id={statusId}
            value={filters.status}
            onChange={(event) => setFilters({ ...filters, status: event.target.value as typeof filters.status })}
          >
            <option value="">All Statuses</option>
            {STATUS_CHOICES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && <Message text={shippingFailure('Error fetching orders', error)} tone="error" />}
      {isLoading ? (
        <p className="muted" role="status">
          Loading orders…
        </p>
      ) : (
        <>
          <p className="delivery-orders__count muted" aria-live="polite">
            Showing {shown.length} of {orders.length}
          </p>
          <VirtualTable
            label="Orders"
            items={shown}
            columns={columns}
            rowKey={(order) => order.order_id}
            rowHeight={ROW_HEIGHT}
            viewportHeight={VIEWPORT_HEIGHT}
            onRowClick={setOpened}
            empty={orders.length === 0 ? 'No orders yet.' : 'No orders match your current filters.'}
          />
        </>
      )}
      <OrderDetailsModal order={opened && detailsOfOrder(opened)} onClose={() => setOpened(null)} />
    </section>
  );
}

interface SortHeaderProps {
  label: string;
  column: DeliverySortColumn;
  sort: DeliverySort;
  onSort: (column: DeliverySortColumn) => void;
}

function SortHeader({ label, column, sort, onSort }: SortHeaderProps) {
  const active = sort.column === column;
  const arrow = active ? (sort.ascending ? '▲' : '▼') : '';
  const state = active ? (sort.ascending ? ', sorted ascending' : ', sorted descending') : '';
  return (
    <button
      type="button"
      className="sort-header"
      aria-label={`Sort by ${label}${state}`}
      onClick={() => onSort(column)}
    >
      {label} <span aria-hidden="true">{arrow}</span>
    </button>
  );
}

import type { Order } from '@portal/contracts';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { formatDate } from '../../format/date';
import { formatCents } from '../../format/money';
import { Button } from '../../ui/Button';
import { SelectInput } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { sortableColumn } from '../../ui/SortableHeader';
import { VirtualTable } from '../../ui/VirtualTable';
import { StatusBadge } from '../orders/OrderBadges';
import { OrderNumberButton } from '../orders/OrderNumberButton';
import { DEFAULT_ORDER_SORT, itemCount, nextOrderSort, orderDealerName, orderPlace } from '../orders/orderList';
import { centsOf } from '../orders/orderMoney';
import { OrderDetailsModal } from '../shipping/OrderDetailsModal';
import { detailsOfOrder } from '../shipping/orderDetails';
import { shippingFailure } from '../shipping/shippingMessages';
import {
  type DeliverySort,
  type DeliverySortColumn,
  NO_FILTERS,
  STATUS_CHOICES,
  shownOrders,
} from './deliveryOrderList';
import { useGetDeliveryOrdersQuery } from './deliveryOrdersApi';
import '../orders/order-list.css';
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
    cell: (order, open) => (
      <OrderNumberButton
        order={order}
        className="delivery-orders__id"
        label={`Details of order ${order.order_number}`}
        onOpen={open}
      />
    ),
    className: 'delivery-orders__number',
  },
  {
    column: 'dealer',
    label: 'Dealer',
    cell: (order) => <span title={orderDealerName(order)}>{orderDealerName(order)}</span>,
    className: 'delivery-orders__dealer',
  },
  { column: 'place', label: 'City', cell: orderPlace, className: 'delivery-orders__place' },
  {
    column: 'total',
    label: 'Total',
    cell: (order) => `${formatCents(centsOf(order.total_value))} · ${itemCount(order)} items`,
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
  const [sort, setSort] = useState<DeliverySort>(DEFAULT_ORDER_SORT);
  const [opened, setOpened] = useState<Order | null>(null);
  const shown = useMemo(() => shownOrders(orders, filters, sort), [orders, filters, sort]);
  const searchId = useId();

  const columns = useMemo(
    () =>
      COLUMNS.map((head) =>
        sortableColumn<Order, DeliverySortColumn>(
          head,
          sort,
          (column) => setSort(nextOrderSort(sort, column)),
          (order) => head.cell(order, setOpened),
        ),
      ),
    [sort],
  );

  return (
    <section className="delivery-orders" aria-labelledby="delivery-orders-title">
      <header className="orders-panel__header">
        <h2 id="delivery-orders-title">All Orders ({orders.length})</h2>
        <Button variant="secondary" onClick={() => refetch()} busy={isFetching} busyLabel="Refreshing...">
          Refresh
        </Button>
      </header>
      <p className="portal-notice" role="note">
        View-only access: you can see every order and its status; orders change from the Shipping tab.
      </p>
      <div className="orders-toolbar">
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
        <SelectInput
          label="Status"
          value={filters.status}
          onChange={(status) => setFilters({ ...filters, status: status as typeof filters.status })}
          options={[
            { value: '', label: 'All Statuses' },
            ...STATUS_CHOICES.map((status) => ({ value: status, label: statusLabel(status) })),
          ]}
        />
      </div>
      {error && <Message text={shippingFailure('Error fetching orders', error)} tone="error" />}
      {isLoading ? (
        <p className="muted" role="status">
          Loading orders…
        </p>
      ) : (
        <>
          <p className="orders-panel__count muted" aria-live="polite">
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

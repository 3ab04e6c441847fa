import type { Order } from '@portal/contracts';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { countOf } from '../../format/count';
import { formatCents } from '../../format/money';
import { orderStatusText } from '../../format/statusLabels';
import { Button } from '../../ui/Button';
import { SelectInput } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { sortableColumn } from '../../ui/SortableHeader';
import { useDebounced } from '../../ui/useDebounced';
import { type VirtualColumn, VirtualTable } from '../../ui/VirtualTable';
import { ShownDate } from '../company/useDateFormat';
import { StatusBadge } from '../orders/OrderBadges';
import { OrderNumberButton } from '../orders/OrderNumberButton';
import { itemCount, orderDealerName, orderPlace } from '../orders/orderList';
import { centsOf } from '../orders/orderMoney';
import { OrderDetailsModal } from '../shipping/OrderDetailsModal';
import { detailsOfOrder } from '../shipping/orderDetails';
import { shippingFailure } from '../shipping/shippingMessages';
import {
  DEFAULT_DELIVERY_SORT,
  type DeliverySort,
  type DeliverySortColumn,
  deliveryOrderQuery,
  NO_FILTERS,
  nextDeliverySort,
  STATUS_CHOICES,
} from './deliveryOrderList';
import { useGetDeliveryOrderPagesInfiniteQuery } from './deliveryOrdersApi';
import '../orders/order-list.css';
import './delivery-orders.css';

const ROW_HEIGHT = 52;
const VIEWPORT_HEIGHT = 600;

const ordersOf = (page: { orders: Order[] }) => page.orders;

/** A column, sortable when the server orders by it (`column`); order number and city are not. */
const COLUMNS: readonly {
  id: string;
  column?: DeliverySortColumn;
  label: string;
  cell: (order: Order, open: (order: Order) => void) => ReactNode;
  className: string;
}[] = [
  {
    id: 'date',
    column: 'date',
    label: 'Order Date',
    cell: (order) => <ShownDate iso={order.created_at} />,
    className: 'delivery-orders__date',
  },
  {
    id: 'number',
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
    id: 'dealer',
    column: 'dealer',
    label: 'Dealer',
    cell: (order) => <span title={orderDealerName(order)}>{orderDealerName(order)}</span>,
    className: 'delivery-orders__dealer virtual-table__wrap',
  },
  { id: 'place', label: 'City', cell: orderPlace, className: 'delivery-orders__place' },
  {
    id: 'total',
    column: 'total',
    label: 'Total',
    cell: (order) => `${formatCents(centsOf(order.total_value))} · ${countOf(itemCount(order), 'item', 'items')}`,
    className: 'delivery-orders__total',
  },
  {
    id: 'status',
    column: 'status',
    label: 'Status',
    cell: (order) => <StatusBadge status={order.status} />,
    className: 'delivery-orders__status',
  },
];

/**
 * The delivery user's Orders tab (000 §2): every order, newest first, searchable, filterable by status and
 * sortable, read 50 at a time as the table scrolls (the server searches, filters and sorts); read-only (a row opens
 * its details, nothing can change).
 */
export function DeliveryOrdersPanel() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const [sort, setSort] = useState<DeliverySort>(DEFAULT_DELIVERY_SORT);
  const search = useDebounced(filters.search);
  const query = useMemo(() => deliveryOrderQuery({ ...filters, search }, sort), [filters, search, sort]);
  const result = useGetDeliveryOrderPagesInfiniteQuery({ query }, { refetchOnMountOrArgChange: 30 });
  const { isFetching, refetch } = result;
  const { rows: orders, total, loading, hasMore, loadMore, error } = usePagedRows(result, ordersOf);
  const [opened, setOpened] = useState<Order | null>(null);
  const searchId = useId();
  const filtered = query.q !== '' || query.status !== '';

  const columns = useMemo(
    () =>
      COLUMNS.map(({ id, column, label, className, cell }): VirtualColumn<Order> => {
        const shown = (order: Order) => cell(order, setOpened);
        if (!column) return { id, header: label, className, cell: shown };
        return sortableColumn<Order, DeliverySortColumn>(
          { column, label, className },
          sort,
          (chosen) => setSort(nextDeliverySort(sort, chosen)),
          shown,
        );
      }),
    [sort],
  );

  return (
    <section className="delivery-orders" aria-labelledby="delivery-orders-title">
      <header className="orders-panel__header">
        <h2 id="delivery-orders-title">All Orders</h2>
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
            placeholder="Order number, dealer, email or city"
            onChange={(event) => setFilters({ ...filters, search: event.target.value })}
          />
        </div>
        <SelectInput
          label="Status"
          value={filters.status}
          onChange={(status) => setFilters({ ...filters, status: status as typeof filters.status })}
          options={[
            { value: '', label: 'All Statuses' },
            ...STATUS_CHOICES.map((status) => ({ value: status, label: orderStatusText(status) })),
          ]}
        />
      </div>
      {error ? <Message text={shippingFailure('Error fetching orders', error)} tone="error" /> : null}
      <p className="orders-panel__count muted" aria-live="polite">
        {loading ? 'Loading orders…' : orderCount(total ?? orders.length, filtered)}
      </p>
      <VirtualTable
        label="Orders"
        items={orders}
        columns={columns}
        rowKey={(order) => order.order_id}
        rowHeight={ROW_HEIGHT}
        viewportHeight={VIEWPORT_HEIGHT}
        onRowClick={setOpened}
        empty={filtered ? 'No orders match your current filters.' : 'No orders yet.'}
        loading={loading ? 'Loading orders…' : undefined}
        onEndReached={hasMore ? loadMore : undefined}
        scrollKey={JSON.stringify(query)}
      />
      <OrderDetailsModal order={opened && detailsOfOrder(opened)} onClose={() => setOpened(null)} />
    </section>
  );
}

/** "1 order", "2,892 orders"; "3 matching orders" under a search or filter. */
function orderCount(count: number, filtered: boolean): string {
  return filtered ? countOf(count, 'matching order', 'matching orders') : countOf(count, 'order', 'orders');
}

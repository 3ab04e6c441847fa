import type { Order } from '@portal/contracts';
import { memo, type ReactNode, useMemo } from 'react';
import { formatDate } from '../../format/date';
import { formatCents } from '../../format/money';
import { sortableColumn } from '../../ui/SortableHeader';
import { VirtualTable } from '../../ui/VirtualTable';
import { PaymentBadge, StatusBadge } from './OrderBadges';
import { OrderNumberButton } from './OrderNumberButton';
import { itemCount, type OrderSort, type OrderSortColumn, orderDealerName } from './orderList';
import { centsOf } from './orderMoney';

const ROW_HEIGHT = 52;
const VIEWPORT_HEIGHT = 600;
export const NO_ORDERS_MATCH = 'No orders match your current filters.';

interface OrdersTableProps {
  orders: readonly Order[];
  sort: OrderSort;
  onSort: (column: OrderSortColumn) => void;
  onOpen: (order: Order) => void;
}

const COLUMNS: readonly {
  column: OrderSortColumn;
  label: string;
  cell: (order: Order, open: (order: Order) => void) => ReactNode;
  className?: string;
}[] = [
  {
    column: 'date',
    label: 'Order Date',
    cell: (order) => formatDate(order.created_at),
    className: 'orders-table__date',
  },
  {
    column: 'number',
    label: 'Order ID',
    className: 'orders-table__number',
    cell: (order, open) => (
      <OrderNumberButton
        order={order}
        className="orders-table__open"
        label={`Open invoice of order ${order.order_number}`}
        onOpen={open}
      />
    ),
  },
  {
    column: 'dealer',
    label: 'Dealer',
    className: 'orders-table__dealer',
    cell: (order) => <span title={orderDealerName(order)}>{orderDealerName(order)}</span>,
  },
  { column: 'items', label: 'Items', cell: itemCount, className: 'orders-table__items' },
  {
    column: 'total',
    label: 'Total',
    cell: (order) => formatCents(centsOf(order.total_value)),
    className: 'orders-table__total',
  },
  {
    column: 'status',
    label: 'Status',
    cell: (order) => <StatusBadge status={order.status} />,
    className: 'orders-table__status',
  },
  {
    column: 'payment',
    label: 'Payment',
    cell: (order) => <PaymentBadge status={order.payment_status} />,
    className: 'orders-table__payment',
  },
];

/** Every order as a windowed table (50,000 orders scroll smoothly) with sortable headers; a row opens its invoice. */
export const OrdersTable = memo(function OrdersTable({ orders, sort, onSort, onOpen }: OrdersTableProps) {
  const columns = useMemo(
    () =>
      COLUMNS.map((head) =>
        sortableColumn<Order, OrderSortColumn>(head, sort, onSort, (order) => head.cell(order, onOpen)),
      ),
    [sort, onSort, onOpen],
  );
  return (
    <VirtualTable
      label="Orders"
      items={orders}
      columns={columns}
      rowKey={(order) => order.order_id}
      rowHeight={ROW_HEIGHT}
      viewportHeight={VIEWPORT_HEIGHT}
      onRowClick={onOpen}
      empty={NO_ORDERS_MATCH}
    />
  );
});

import type { Order } from '@portal/contracts';
import { memo, type ReactNode, useMemo } from 'react';
import { formatCents } from '../../format/money';
import { sortableColumn } from '../../ui/SortableHeader';
import { type VirtualColumn, VirtualTable } from '../../ui/VirtualTable';
import { ShownDate } from '../company/useDateFormat';
import { HoldBadge, PaymentBadge, StatusBadge } from './OrderBadges';
import { OrderNumberButton } from './OrderNumberButton';
import { itemCount, orderDealerName } from './orderList';
import { centsOf } from './orderMoney';
import type { OrderListSort, OrderListSortColumn } from './orderQuery';

const ROW_HEIGHT = 52;
const VIEWPORT_HEIGHT = 600;
export const NO_ORDERS_MATCH = 'No orders match your current filters.';
export const LOADING_ORDERS = 'Loading orders…';

interface OrdersTableProps {
  orders: readonly Order[];
  sort: OrderListSort;
  onSort: (column: OrderListSortColumn) => void;
  onOpen: (order: Order) => void;
  /** the order's own address: its number is then a link (opens in a new tab too) */
  hrefFor?: (order: Order) => string;
  /** the first page of the current filters is on its way */
  loading: boolean;
  /** the rows in view reached the last loaded row: ask for the next page */
  onEndReached: () => void;
  /** changes with the filters and sort: the table goes back to its top */
  scrollKey: string;
}

interface Column {
  id: string;
  label: string;
  /** the server's sort of this column; absent: the column does not sort */
  sort?: OrderListSortColumn;
  cell: (order: Order, open: (order: Order) => void, href?: string) => ReactNode;
  className?: string;
  /** the identifying column, kept in view while the table scrolls sideways on a phone */
  sticky?: boolean;
}

const COLUMNS: readonly Column[] = [
  {
    id: 'date',
    sort: 'date',
    label: 'Order Date',
    cell: (order) => <ShownDate iso={order.created_at} />,
    className: 'orders-table__date',
  },
  {
    id: 'number',
    label: 'Order ID',
    className: 'orders-table__number',
    sticky: true,
    cell: (order, open, href) => (
      <OrderNumberButton
        order={order}
        className="orders-table__open"
        label={`Open invoice of order ${order.order_number}`}
        onOpen={open}
        href={href}
      />
    ),
  },
  {
    id: 'dealer',
    sort: 'dealer',
    label: 'Dealer',
    className: 'orders-table__dealer virtual-table__wrap',
    cell: (order) => <span title={orderDealerName(order)}>{orderDealerName(order)}</span>,
  },
  {
    id: 'po',
    label: 'PO #',
    cell: (order) => (order.po_number ? <span title={order.po_number}>{order.po_number}</span> : ''),
    className: 'orders-table__po virtual-table__wrap',
  },
  { id: 'items', label: 'Items', cell: itemCount, className: 'orders-table__items' },
  {
    id: 'total',
    sort: 'total',
    label: 'Total',
    cell: (order) => formatCents(centsOf(order.total_value)),
    className: 'orders-table__total',
  },
  {
    id: 'status',
    sort: 'status',
    label: 'Status',
    cell: (order) => (
      <span className="orders-table__badges">
        <StatusBadge status={order.status} />
        <HoldBadge order={order} compact />
      </span>
    ),
    className: 'orders-table__status',
  },
  {
    id: 'payment',
    label: 'Payment',
    cell: (order) => <PaymentBadge status={order.payment_status} />,
    className: 'orders-table__payment',
  },
];

/**
 * The loaded pages of the filtered orders as a windowed table; the headers of the columns the server sorts by
 * sort it, and reaching the last loaded row asks for the next page. A row opens its invoice.
 */
export const OrdersTable = memo(function OrdersTable({
  orders,
  sort,
  onSort,
  onOpen,
  hrefFor,
  loading,
  onEndReached,
  scrollKey,
}: OrdersTableProps) {
  const columns = useMemo(
    () =>
      COLUMNS.map(({ id, label, sort: column, cell, className, sticky }): VirtualColumn<Order> => {
        const render = (order: Order) => cell(order, onOpen, hrefFor?.(order));
        return column
          ? {
              ...sortableColumn<Order, OrderListSortColumn>({ column, label, className }, sort, onSort, render),
              sticky,
            }
          : { id, header: label, className, cell: render, sticky };
      }),
    [sort, onSort, onOpen, hrefFor],
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
      loading={loading ? LOADING_ORDERS : undefined}
      onEndReached={onEndReached}
      scrollKey={scrollKey}
    />
  );
});

import type { Order } from '@portal/contracts';
import { usePagedRows } from '../../api/usePagedRows';
import { useAppSelector } from '../../app/hooks';
import { leaveTo, navigate } from '../../app/navigation/history';
import { Link } from '../../app/navigation/Link';
import { formatRoute } from '../../app/navigation/routes';
import { formatPrice } from '../../format/money';
import { Button, buttonClass } from '../../ui/Button';
import { LoadMore } from '../../ui/LoadMore';
import { Message } from '../../ui/Message';
import { useDateFormat } from '../company/useDateFormat';
import { InvoiceModal } from '../orders/InvoiceModal';
import { HoldBadge, PaymentBadge, StatusBadge } from '../orders/OrderBadges';
import { useGetDealerOrdersPagesInfiniteQuery } from '../orders/ordersApi';
import { useOrderRecord } from '../orders/useOrderRecord';
import { DeliveryProofView } from './DeliveryProofView';
import { OrderTimelineDisclosure } from './OrderTimeline';
import { useOrderAgain } from './useOrderAgain';
import './my-orders.css';

interface MyOrdersPanelProps {
  onOrderProducts: () => void;
  /** the order whose invoice is open (/dealer/orders/{orderId}), or null */
  orderId?: string | null;
}

const orderPath = (orderId: string | null) => formatRoute({ role: 'dealer', tab: 'orders', orderId });

const ordersOf = (page: { orders: Order[] }) => page.orders;

/**
 * The dealer's My Orders tab: a card per order, newest first as the server sorts them (GET
 * /api/admin/dealer-orders/{own dealer id}), 50 at a time (Load more); a card opens the invoice (read-only, with
 * Print and Download PDF); a delivered order says when and to whom, and shows its signature on request.
 */
export function MyOrdersPanel({ onOrderProducts, orderId = null }: MyOrdersPanelProps) {
  const dealerId = useAppSelector((state) => state.session.user?.dealer_id ?? null);
  const result = useGetDealerOrdersPagesInfiniteQuery(
    { params: { dealer_id: dealerId ?? '' } },
    // an admin changes status and payments under an open portal: the tab opened again after 30 s refetches
    { skip: !dealerId, refetchOnMountOrArgChange: 30 },
  );
  const { rows: orders, total, loading, loadingMore, hasMore, loadMore, error } = usePagedRows(result, ordersOf);
  const opened = useOrderRecord(orderId, orders, { kind: 'dealer', dealerId: dealerId ?? '' }).order;
  const orderAgain = useOrderAgain(onOrderProducts);

  if (!dealerId) return <Message text="Error: This login is not linked to a dealer" />;
  return (
    <section className="my-orders" aria-label="My Orders">
      {loading && (
        <p className="muted" role="status">
          Loading orders…
        </p>
      )}
      {error ? <Message text="Error fetching orders" /> : null}
      <Message text={orderAgain.error} />
      {!loading && !error && orders.length === 0 && (
        <div className="my-orders__empty">
          <p className="muted">You have not placed any orders yet.</p>
          <Button onClick={onOrderProducts}>Order Products</Button>
        </div>
      )}
      {/* each order's number is an h3: the level under the screen's h1 is this one */}
      <h2 className="visually-hidden">Orders</h2>
      {orders.length > 0 && (
        <ul className="my-orders__list" aria-label="Orders">
          {orders.map((order) => (
            <OrderCard
              key={order.order_id}
              order={order}
              href={orderPath(order.order_id)}
              onOpen={() => navigate(orderPath(order.order_id))}
              onOrderAgain={() => orderAgain.start(order)}
              orderingAgain={orderAgain.busyOrderId === order.order_id}
            />
          ))}
        </ul>
      )}
      <LoadMore
        shown={orders.length}
        total={total}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        noun="orders"
      />
      {orderAgain.dialog}
      {opened && (
        <InvoiceModal key={opened.order_id} order={opened} context="dealer" onClose={() => leaveTo(orderPath(null))} />
      )}
    </section>
  );
}

interface OrderCardProps {
  order: Order;
  href: string;
  onOpen: () => void;
  onOrderAgain: () => void;
  orderingAgain: boolean;
}

function OrderCard({ order, href, onOpen, onOrderAgain, orderingAgain }: OrderCardProps) {
  const dates = useDateFormat();
  const label = `Order ${order.order_number}`;
  return (
    // the whole card opens the invoice on a click; its View Invoice button does from the keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: the card's View Invoice button is the keyboard's way in
    <li
      className={`order-card order-card--clickable${order.delivered_at ? ' order-card--delivered' : ''}`}
      aria-label={label}
      onClick={onOpen}
    >
      <header className="order-card__header">
        <div>
          <h3 className="order-card__number">{label}</h3>
          <p className="order-card__date muted">{dates.date(order.created_at)}</p>
          {order.po_number && <p className="order-card__po muted">PO # {order.po_number}</p>}
        </div>
        <div className="order-card__badges">
          <StatusBadge status={order.status} />
          <PaymentBadge status={order.payment_status} />
          <HoldBadge order={order} />
        </div>
      </header>
      <DeliveryProofView order={order} />
      <ul className="order-card__lines" aria-label={`${label} lines`}>
        {order.product_details.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list, and an invoice may hold one product on two lines
          <li key={`${index}-${line.product_id}`}>
            <span className="order-card__line-title">
              {line.title} <span className="muted">× {line.quantity}</span>
            </span>
            <span className="order-card__amount">{formatPrice(line.total)}</span>
          </li>
        ))}
      </ul>
      <OrderTimelineDisclosure order={order} />
      <footer className="order-card__footer">
        {order.total_paid > 0 && order.balance > 0 && (
          <span className="muted order-card__paid">
            Paid {formatPrice(order.total_paid)} · Balance {formatPrice(order.balance)}
          </span>
        )}
        <span className="order-card__total">
          Total <strong>{formatPrice(order.total_value)}</strong>
        </span>
        <Button
          variant="secondary"
          className="order-card__again"
          busy={orderingAgain}
          busyLabel="Loading..."
          aria-label={`Order again: ${label}`}
          onClick={(event) => {
            event.stopPropagation();
            onOrderAgain();
          }}
        >
          Order Again
        </Button>
        <Link
          to={href}
          className={buttonClass('secondary', 'order-card__view')}
          onClick={(event) => event.stopPropagation()}
        >
          View Invoice
        </Link>
      </footer>
    </li>
  );
}

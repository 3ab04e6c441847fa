import type { Order } from '@portal/contracts';
import { useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { useAppSelector } from '../../app/hooks';
import { formatDate } from '../../format/date';
import { formatPrice } from '../../format/money';
import { Button } from '../../ui/Button';
import { LoadMore } from '../../ui/LoadMore';
import { Message } from '../../ui/Message';
import { InvoiceModal } from '../orders/InvoiceModal';
import { PaymentBadge, StatusBadge } from '../orders/OrderBadges';
import { useGetDealerOrdersPagesInfiniteQuery } from '../orders/ordersApi';
import './my-orders.css';

interface MyOrdersPanelProps {
  onOrderProducts: () => void;
}

const ordersOf = (page: { orders: Order[] }) => page.orders;

/**
 * The dealer's My Orders tab: a card per order, newest first as the server sorts them (GET
 * /api/admin/dealer-orders/{own dealer id}), 50 at a time (Load more); a card opens the invoice (read-only, with
 * Print and Download PDF).
 */
export function MyOrdersPanel({ onOrderProducts }: MyOrdersPanelProps) {
  const dealerId = useAppSelector((state) => state.session.user?.dealer_id ?? null);
  const result = useGetDealerOrdersPagesInfiniteQuery(
    { params: { dealer_id: dealerId ?? '' } },
    // an admin changes status and payments under an open portal: the tab opened again after 30 s refetches
    { skip: !dealerId, refetchOnMountOrArgChange: 30 },
  );
  const { rows: orders, total, loading, loadingMore, hasMore, loadMore, error } = usePagedRows(result, ordersOf);
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = openId ? orders.find((order) => order.order_id === openId) : undefined;

  if (!dealerId) return <Message text="Error: This login is not linked to a dealer" />;
  return (
    <section className="my-orders" aria-label="My Orders">
      {loading && (
        <p className="muted" role="status">
          Loading orders…
        </p>
      )}
      {error ? <Message text="Error fetching orders" /> : null}
      {!loading && !error && orders.length === 0 && (
        <div className="my-orders__empty">
          <p className="muted">You have not placed any orders yet.</p>
          <Button onClick={onOrderProducts}>Order Products</Button>
        </div>
      )}
      {orders.length > 0 && (
        <ul className="my-orders__list" aria-label="Orders">
          {orders.map((order) => (
            <OrderCard key={order.order_id} order={order} onOpen={() => setOpenId(order.order_id)} />
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
      {opened && <InvoiceModal key={opened.order_id} order={opened} context="dealer" onClose={() => setOpenId(null)} />}
    </section>
  );
}

function OrderCard({ order, onOpen }: { order: Order; onOpen: () => void }) {
  const label = `Order ${order.order_number}`;
  return (
    // the whole card opens the invoice on a click; its View Invoice button does from the keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: the card's View Invoice button is the keyboard's way in
    <li className="order-card order-card--clickable" aria-label={label} onClick={onOpen}>
      <header className="order-card__header">
        <div>
          <h3 className="order-card__number">{label}</h3>
          <p className="order-card__date muted">{formatDate(order.created_at)}</p>
        </div>
        <div className="order-card__badges">
          <StatusBadge status={order.status} />
          <PaymentBadge status={order.payment_status} />
        </div>
      </header>
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
          className="order-card__view"
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          View Invoice
        </Button>
      </footer>
    </li>
  );
}

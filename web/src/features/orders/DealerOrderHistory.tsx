import type { Order } from '@portal/contracts';
import { useState } from 'react';
import type { PagedRows } from '../../api/usePagedRows';
import { formatDate } from '../../format/date';
import { formatCents } from '../../format/money';
import { Button } from '../../ui/Button';
import { LoadMore } from '../../ui/LoadMore';
import { Message } from '../../ui/Message';
import { dealerAccount } from './dealerPayments';
import { PaymentBadge, StatusBadge } from './OrderBadges';
import { itemCount } from './orderList';
import { fetchOrdersFailure } from './orderMessages';
import { centsOf } from './orderMoney';
import { PaymentHistoryModal } from './PaymentHistoryModal';
import './orders.css';

interface DealerOrderHistoryProps {
  dealerName: string;
  /** the dealer's orders as read so far, newest first (a page of 50 at a time) */
  orders: PagedRows<Order>;
  onOpen: (order: Order) => void;
}

/**
 * The admin's dealer detail: the dealer's orders, newest first, 50 at a time (Load more), its account figures and
 * Payment History. The figures and the payments are those of the orders loaded: while older orders are not, a
 * note says so (the server answers no account totals).
 */
export function DealerOrderHistory({ dealerName, orders: paged, onOpen }: DealerOrderHistoryProps) {
  const { rows: orders, total, loading, error, hasMore } = paged;
  const [history, setHistory] = useState(false);
  const account = dealerAccount(orders);
  return (
    <section className="dealer-card" aria-labelledby="dealer-orders-title">
      <header className="dealer-card__header">
        <h2 id="dealer-orders-title">Order History{loading ? '' : ` (${total ?? orders.length})`}</h2>
        <Button variant="secondary" onClick={() => setHistory(true)}>
          Payment History
        </Button>
      </header>
      {error ? <Message text={fetchOrdersFailure(error)} /> : null}
      {loading && <p className="muted">Loading orders…</p>}
      {!loading && orders.length === 0 && <p className="muted">This dealer has no orders yet.</p>}
      {orders.length > 0 && (
        <>
          <dl className="order-account">
            <div>
              <dt>Billed</dt>
              <dd>{formatCents(account.billedCents)}</dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd>{formatCents(account.paidCents)}</dd>
            </div>
            <div>
              <dt>Balance</dt>
              <dd>{formatCents(account.owedCents)}</dd>
            </div>
          </dl>
          {hasMore && (
            <p className="muted order-history__partial">
              Figures and Payment History cover the {orders.length} most recent of {total ?? 'the'} orders; load more to
              include older ones.
            </p>
          )}
          <ul className="order-history" aria-label="Orders">
            {orders.map((order) => (
              <li key={order.order_id}>
                {/* the name is what the row shows, after what it does (a name unlike the text trips voice control) */}
                <button type="button" className="order-history__row" onClick={() => onOpen(order)}>
                  <span className="visually-hidden">Open invoice of order </span>
                  <span className="order-history__number">#{order.order_number}</span>
                  <span className="muted order-history__date">{formatDate(order.created_at)}</span>
                  <span className="muted order-history__items">
                    {itemCount(order) === 1 ? '1 item' : `${itemCount(order)} items`}
                  </span>
                  <span className="order-history__total">{formatCents(centsOf(order.total_value))}</span>
                  <span className="order-history__badges">
                    <StatusBadge status={order.status} />
                    <PaymentBadge status={order.payment_status} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <LoadMore
            shown={orders.length}
            total={total}
            hasMore={hasMore}
            loadingMore={paged.loadingMore}
            onLoadMore={paged.loadMore}
            noun="orders"
          />
        </>
      )}
      {history && <PaymentHistoryModal dealerName={dealerName} orders={orders} onClose={() => setHistory(false)} />}
    </section>
  );
}

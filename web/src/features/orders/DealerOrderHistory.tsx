import type { DealerOrderSummary, Order } from '@portal/contracts';
import { useState } from 'react';
import type { PagedRows } from '../../api/usePagedRows';
import { formatCents } from '../../format/money';
import { Button } from '../../ui/Button';
import { LoadMore } from '../../ui/LoadMore';
import { Message } from '../../ui/Message';
import { useDateFormat } from '../company/useDateFormat';
import { PaymentBadge, StatusBadge } from './OrderBadges';
import { itemCount } from './orderList';
import { fetchOrdersFailure } from './orderMessages';
import { centsOf } from './orderMoney';
import { PaymentHistoryModal } from './PaymentHistoryModal';
import './orders.css';
import { countOf } from '../../format/count';

interface DealerOrderHistoryProps {
  dealerName: string;
  /** the dealer's orders as read so far, newest first (a page of 50 at a time) */
  orders: PagedRows<Order>;
  /** the figures of all the dealer's orders, from the server; undefined while they load */
  summary: DealerOrderSummary | undefined;
  onOpen: (order: Order) => void;
}

const money = (dollars: number | undefined) => (dollars === undefined ? '—' : formatCents(centsOf(dollars)));

/**
 * The admin's dealer detail: the dealer's orders, newest first, 50 at a time (Load more), its account figures and
 * Payment History. Billed, Paid and Balance cover every order of the dealer (the server sums them); Payment
 * History lists the payments of the orders loaded, and says so while older orders are not.
 */
export function DealerOrderHistory({ dealerName, orders: paged, summary, onOpen }: DealerOrderHistoryProps) {
  const dates = useDateFormat();
  const { rows: orders, total, loading, error, hasMore } = paged;
  const [history, setHistory] = useState(false);
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
              <dd>{money(summary?.billed)}</dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd>{money(summary?.paid)}</dd>
            </div>
            <div>
              <dt>Balance</dt>
              <dd>{money(summary?.balance)}</dd>
            </div>
          </dl>
          {hasMore && (
            <p className="muted order-history__partial">
              Payment History lists the payments on the {orders.length} most recent of{' '}
              {total === undefined ? 'the orders' : countOf(total, 'order', 'orders')}; load more to include older ones.
            </p>
          )}
          <ul className="order-history" aria-label="Orders">
            {orders.map((order) => (
              <li key={order.order_id}>
                {/* the name is what the row shows, after what it does (a name unlike the text trips voice control) */}
                <button type="button" className="order-history__row" onClick={() => onOpen(order)}>
                  <span className="visually-hidden">Open invoice of order </span>
                  <span className="order-history__number">
                    #{order.order_number}
                    {order.po_number && <span className="order-history__po muted">PO {order.po_number}</span>}
                  </span>
                  <span className="muted order-history__date">{dates.date(order.created_at)}</span>
                  <span className="muted order-history__items">{countOf(itemCount(order), 'item', 'items')}</span>
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
      {history && (
        <PaymentHistoryModal
          dealerName={dealerName}
          orders={orders}
          partial={hasMore ? { total } : undefined}
          paidOnAll={summary?.paid}
          onClose={() => setHistory(false)}
        />
      )}
    </section>
  );
}

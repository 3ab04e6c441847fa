import type { Order } from '@portal/contracts';
import { useState } from 'react';
import { formatDate } from '../../format/date';
import { formatCents } from '../../format/money';
import { Button } from '../../ui/Button';
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
  orders: readonly Order[];
  loading: boolean;
  error: unknown;
  onOpen: (order: Order) => void;
}

/** The admin's dealer detail: the dealer's orders, newest first, its account figures and Payment History. */
export function DealerOrderHistory({ dealerName, orders, loading, error, onOpen }: DealerOrderHistoryProps) {
  const [history, setHistory] = useState(false);
  const account = dealerAccount(orders);
  return (
    <section className="dealer-card" aria-labelledby="dealer-orders-title">
      <header className="dealer-card__header">
        <h2 id="dealer-orders-title">Order History ({orders.length})</h2>
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
          <ul className="order-history" aria-label="Orders">
            {orders.map((order) => (
              <li key={order.order_id}>
                <button
                  type="button"
                  className="order-history__row"
                  aria-label={`Open invoice of order ${order.order_number}`}
                  onClick={() => onOpen(order)}
                >
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
        </>
      )}
      {history && <PaymentHistoryModal dealerName={dealerName} orders={orders} onClose={() => setHistory(false)} />}
    </section>
  );
}

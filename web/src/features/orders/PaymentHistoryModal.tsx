import type { Order } from '@portal/contracts';
import { formatCents } from '../../format/money';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { useDateFormat } from '../company/useDateFormat';
import { dealerPayments } from './dealerPayments';
import { centsOf } from './orderMoney';
import { PaymentDescription } from './PaymentDescription';
import './invoice.css';
import { countOf } from '../../format/count';

interface PaymentHistoryModalProps {
  dealerName: string;
  /** the dealer's orders loaded so far */
  orders: readonly Order[];
  /** set while older orders are not loaded: how many orders the dealer has (undefined while unknown) */
  partial?: { total: number | undefined };
  /** what was paid on all the dealer's orders (the server's sum), shown while the list is partial */
  paidOnAll?: number;
  onClose: () => void;
}

/**
 * Payment History (000 §2): every payment on the dealer's loaded orders, newest first, with their total. While
 * older orders are not loaded, it says which orders the list covers, labels its sum as theirs, and shows what was
 * paid on all orders.
 */
export function PaymentHistoryModal({ dealerName, orders, partial, paidOnAll, onClose }: PaymentHistoryModalProps) {
  const dates = useDateFormat();
  const { payments, totalCents } = dealerPayments(orders);
  const covered = `the ${orders.length} most recent of ${partial?.total === undefined ? 'the orders' : countOf(partial.total, 'order', 'orders')}`;
  return (
    <Modal
      open
      title={`Payment History — ${dealerName}`}
      onClose={onClose}
      size="wide"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {partial && (
        <p className="modal__text muted" data-testid="payment-history-partial">
          Payments on {covered}; load more in Order History to include older ones.
          {paidOnAll !== undefined && ` Paid on all orders: ${formatCents(centsOf(paidOnAll))}.`}
        </p>
      )}
      {payments.length === 0 ? (
        <p className="modal__text muted">{partial ? `No payments on ${covered}.` : 'No payments recorded yet.'}</p>
      ) : (
        <table className="invoice__lines" aria-label="Payments">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Order</th>
              <th scope="col">Method</th>
              <th scope="col" className="invoice__number">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.payment_id}>
                <td>{dates.date(payment.created_at)}</td>
                <td className="invoice__number-cell">#{payment.order_number}</td>
                <td>
                  <PaymentDescription payment={payment} />
                </td>
                <td className="invoice__number">{formatCents(centsOf(payment.amount))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="invoice__number">
                {partial
                  ? `Paid on ${orders.length === 1 ? 'this order' : `these ${countOf(orders.length, 'order', 'orders')}`}`
                  : 'Total paid'}
              </th>
              <td className="invoice__number" data-testid="payment-history-total">
                <strong>{formatCents(totalCents)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </Modal>
  );
}

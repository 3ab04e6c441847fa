import type { Order } from '@portal/contracts';
import { formatDate } from '../../format/date';
import { formatCents } from '../../format/money';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { dealerPayments } from './dealerPayments';
import { centsOf } from './orderMoney';
import { PaymentDescription } from './PaymentDescription';
import './invoice.css';

interface PaymentHistoryModalProps {
  dealerName: string;
  orders: readonly Order[];
  onClose: () => void;
}

/** Payment History (000 §2): every payment on the dealer's orders, newest first, with their total. */
export function PaymentHistoryModal({ dealerName, orders, onClose }: PaymentHistoryModalProps) {
  const { payments, totalCents } = dealerPayments(orders);
  return (
    <Modal
      open
      title={`Payment History — ${dealerName}`}
      onClose={onClose}
      size="wide"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {payments.length === 0 ? (
        <p className="modal__text muted">No payments recorded yet.</p>
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
                <td>{formatDate(payment.created_at)}</td>
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
                Total paid
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

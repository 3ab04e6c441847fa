import { countOf } from '../../format/count';
import { formatCents, formatPrice } from '../../format/money';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import type { ChosenLine } from './orderQuantities';

interface ConfirmOrderModalProps {
  open: boolean;
  lines: readonly ChosenLine[];
  items: number;
  totalCents: number;
  submitting: boolean;
  /** why the last attempt failed; Confirm again retries it with the same idempotency key */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** The last look before an order is sent (001 §2): every line, the item count and the total. */
export function ConfirmOrderModal({
  open,
  lines,
  items,
  totalCents,
  submitting,
  error,
  onConfirm,
  onClose,
}: ConfirmOrderModalProps) {
  return (
    <Modal
      open={open}
      title="Confirm Order"
      onClose={() => {
        if (!submitting) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button onClick={onConfirm} busy={submitting} busyLabel="Submitting...">
            Confirm Order
          </Button>
        </>
      }
    >
      <div className="stack">
        <p className="modal__text">Please review your order before sending it.</p>
        <table className="order-confirm">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="order-confirm__number">
                Qty
              </th>
              <th scope="col" className="order-confirm__number">
                Price
              </th>
              <th scope="col" className="order-confirm__number">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.product.product_id}>
                <td>{line.product.title}</td>
                <td className="order-confirm__number">{line.quantity}</td>
                <td className="order-confirm__number">{formatPrice(line.product.price)}</td>
                <td className="order-confirm__number">{formatCents(line.lineCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Total ({countOf(items, 'item', 'items')})
              </th>
              <td className="order-confirm__number order-confirm__total">{formatCents(totalCents)}</td>
            </tr>
          </tfoot>
        </table>
        <Message text={error} tone="error" reveal />
      </div>
    </Modal>
  );
}

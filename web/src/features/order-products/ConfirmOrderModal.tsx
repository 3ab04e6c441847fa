import { countOf } from '../../format/count';
import { formatCents, formatPrice } from '../../format/money';
import { Button } from '../../ui/Button';
import { InputField, TextAreaField } from '../../ui/FormField';
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
  /** the dealer's purchase order number and note, sent with the order (both optional) */
  poNumber: string;
  notes: string;
  onPoNumberChange: (value: string) => void;
  onNotesChange: (value: string) => void;
  onConfirm: () => void;
  onClose: () => void;
}

/** What submit-order takes at most (the server refuses longer). */
export const MAX_PO_NUMBER = 50;
export const MAX_NOTES = 2000;

/**
 * The last look before an order is sent (001 §2): every line, the item count and the total, and the dealer's
 * optional PO number and note.
 */
export function ConfirmOrderModal({
  open,
  lines,
  items,
  totalCents,
  submitting,
  error,
  poNumber,
  notes,
  onPoNumberChange,
  onNotesChange,
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
        <InputField
          label="PO number (optional)"
          value={poNumber}
          onChange={onPoNumberChange}
          maxLength={MAX_PO_NUMBER}
          autoComplete="off"
          hint="Your purchase order number, printed on the invoice."
        />
        <TextAreaField label="Notes (optional)" value={notes} onChange={onNotesChange} maxLength={MAX_NOTES} rows={3} />
        <Message text={error} tone="error" reveal />
      </div>
    </Modal>
  );
}

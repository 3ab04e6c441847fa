import type { OrderStatus } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { formatCents } from '../../format/money';
import { orderStatusText } from '../../format/statusLabels';
import { FieldError, SelectInput, TextAreaField } from '../../ui/FormField';
import { FormModalFooter } from '../../ui/FormModalFooter';
import { Modal } from '../../ui/Modal';
import { DealerPicker } from '../dealers/DealerPicker';
import type { ChosenDealer } from '../dealers/dealerChoice';
import { useGetProductsQuery } from '../products/catalogApi';
import { AddItemForm, QuantityInput } from './AddItemForm';
import { FooterMessage } from './FooterMessage';
import { addCatalogueLine, type DraftLine, draftTotals, linesPayload, withoutLine, withQuantity } from './invoiceDraft';
import { newOrderProblemField } from './newOrderProblem';
import { OrderLinesTable } from './OrderLinesTable';
import { createOrderFailure, ORDER_CREATED, SELECT_DEALER_AND_PRODUCT } from './orderMessages';
import { statusOptions } from './orderStatusOptions';
import { useCreateOrderMutation } from './ordersApi';

interface NewOrderModalProps {
  onClose: () => void;
  onCreated: (message: string) => void;
}

/**
 * New Order (000 §2): a dealer (not archived; searched on the server, never the whole list), catalogue and custom
 * lines, status and notes.
 */
export function NewOrderModal({ onClose, onCreated }: NewOrderModalProps) {
  const { data: products = [] } = useGetProductsQuery();
  const [createOrder, { isLoading }] = useCreateOrderMutation();
  const [dealer, setDealer] = useState<ChosenDealer | null>(null);
  const [status, setStatus] = useState<OrderStatus>('pending');
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([]);
  /** the server's answer to a failed create */
  const [message, setMessage] = useState<string>();
  /** Create was pressed: from then on, what is missing is said beside it, and only while it is missing */
  const [tried, setTried] = useState(false);
  const totals = draftTotals(lines, 0);
  const problem = tried ? newOrderProblemField(dealer !== null, lines.length) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setMessage(undefined);
    if (!dealer || lines.length === 0) return;
    try {
      await createOrder({
        body: {
          dealer_id: dealer.dealer_id,
          product_details: linesPayload(lines),
          status,
          ...(notes.trim() ? { notes: notes.trim() } : {}),
        },
      }).unwrap();
      onCreated(ORDER_CREATED);
    } catch (failure) {
      setMessage(createOrderFailure(failure));
    }
  }

  return (
    <Modal
      open
      size="wide"
      title="Create New Order"
      onClose={() => {
        if (!isLoading) onClose();
      }}
      footer={
        <FormModalFooter
          formId="new-order-form"
          submitLabel="Create Order"
          busy={isLoading}
          busyLabel="Creating..."
          onCancel={onClose}
          notice={<FooterMessage text={message} tone="error" />}
        />
      }
    >
      <form id="new-order-form" className="stack" onSubmit={submit} noValidate>
        <div className="new-order__fields">
          <DealerPicker
            label="Dealer"
            required
            value={dealer}
            onChange={setDealer}
            error={problem === 'dealer' ? SELECT_DEALER_AND_PRODUCT : undefined}
          />
          <SelectInput
            label="Status"
            value={status}
            onChange={(value) => setStatus(value as OrderStatus)}
            options={statusOptions('orders', 'pending').map((value) => ({ value, label: orderStatusText(value) }))}
          />
        </div>
        <AddItemForm
          products={products}
          onAddProduct={(product, quantity) => setLines((old) => addCatalogueLine(old, product, quantity))}
          onAddCustom={(line) => setLines((old) => [...old, line])}
        />
        <FieldError id="new-order-lines" error={problem === 'lines' ? SELECT_DEALER_AND_PRODUCT : undefined} />
        {lines.length === 0 ? (
          <p className="muted new-order__empty">No items yet: add a product or a custom item.</p>
        ) : (
          <OrderLinesTable
            lines={lines}
            label="Order items"
            quantityCell={(line) => (
              <QuantityInput
                line={line}
                onChange={(quantity) => setLines((old) => withQuantity(old, line.product_id, quantity))}
              />
            )}
            lineAction={(line) => (
              <button
                type="button"
                className="invoice__remove"
                aria-label={`Remove ${line.title}`}
                onClick={() => setLines((old) => withoutLine(old, line.product_id))}
              >
                ×
              </button>
            )}
            footer={
              <tr>
                <th scope="row" colSpan={3} className="invoice__number">
                  Total
                </th>
                <td className="invoice__number new-order__total" data-testid="new-order-total">
                  {formatCents(totals.totalCents)}
                </td>
                <td />
              </tr>
            }
          />
        )}
        <TextAreaField label="Notes" rows={3} maxLength={5000} value={notes} onChange={setNotes} />
      </form>
    </Modal>
  );
}

import { centsToDollars, type Order, PAYMENT_METHODS, type PaymentMethod } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { formatCents } from '../../format/money';
import { InputField, SelectInput, TextAreaField } from '../../ui/FormField';
import { FormModalFooter } from '../../ui/FormModalFooter';
import { Modal } from '../../ui/Modal';
import { FooterMessage } from './FooterMessage';
import { PAYMENT_RECORDED, paymentFailure } from './orderMessages';
import { centsOf } from './orderMoney';
import { useRecordPaymentMutation } from './ordersApi';
import {
  EMPTY_PAYMENT,
  PAYMENT_METHOD_LABELS,
  PAYMENT_REQUIRED,
  type PaymentForm,
  paymentProblemField,
  paymentToRecord,
} from './paymentForm';

interface RecordPaymentModalProps {
  order: Order;
  onClose: () => void;
  /** after a success: the message to show where the payment was asked for */
  onRecorded: (message: string) => void;
}

/** Record Payment (000 §2): cash, card, check (with its number) or other; an amount above 0; shows the balance. */
export function RecordPaymentModal({ order, onClose, onRecorded }: RecordPaymentModalProps) {
  const [form, setForm] = useState<PaymentForm>(EMPTY_PAYMENT);
  /** the server's answer to a failed record */
  const [message, setMessage] = useState<string>();
  /** Record was pressed: from then on, the spec's message shows beside what is not right, and only while it is not */
  const [tried, setTried] = useState(false);
  const problemAt = tried ? paymentProblemField(form) : null;
  const [recordPayment, { isLoading }] = useRecordPaymentMutation();
  const totalCents = centsOf(order.total_value);
  const paidCents = centsOf(order.total_paid);
  const set = (patch: Partial<PaymentForm>) => setForm((old) => ({ ...old, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setMessage(undefined);
    const payment = paymentToRecord(form);
    if ('problem' in payment) return;
    try {
      await recordPayment({
        body: {
          order_id: order.order_id,
          payment_method: payment.method,
          amount: centsToDollars(payment.cents),
          ...(payment.checkNumber ? { check_number: payment.checkNumber } : {}),
          ...(payment.notes ? { notes: payment.notes } : {}),
        },
      }).unwrap();
      onRecorded(PAYMENT_RECORDED);
    } catch (failure) {
      setMessage(paymentFailure(failure));
    }
  }

  return (
    <Modal
      open
      title={`Record Payment — Order ${order.order_number}`}
      onClose={() => {
        if (!isLoading) onClose();
      }}
      footer={
        <FormModalFooter
          formId="record-payment-form"
          submitLabel="Record Payment"
          busy={isLoading}
          busyLabel="Recording..."
          onCancel={onClose}
          notice={<FooterMessage text={message} tone="error" />}
        />
      }
    >
      <form id="record-payment-form" className="stack" onSubmit={submit} noValidate>
        <dl className="payment-summary">
          <div>
            <dt>Order total</dt>
            <dd>{formatCents(totalCents)}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd>{formatCents(paidCents)}</dd>
          </div>
          <div>
            <dt>Balance</dt>
            <dd data-testid="payment-balance">{formatCents(totalCents - paidCents)}</dd>
          </div>
        </dl>
        <SelectInput
          label="Payment Type"
          required
          value={form.method}
          onChange={(method) => set({ method: method as PaymentMethod | '' })}
          error={problemAt === 'method' ? PAYMENT_REQUIRED : undefined}
          options={[
            { value: '', label: 'Select payment type' },
            ...PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] })),
          ]}
        />
        <InputField
          label="Amount ($)"
          required
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          value={form.amount}
          onChange={(amount) => set({ amount })}
          error={problemAt === 'amount' ? PAYMENT_REQUIRED : undefined}
        />
        {form.method === 'check' && (
          <InputField
            label="Check Number"
            maxLength={50}
            value={form.checkNumber}
            onChange={(checkNumber) => set({ checkNumber })}
          />
        )}
        <TextAreaField
          label="Notes"
          rows={2}
          maxLength={2000}
          value={form.notes}
          onChange={(notes) => set({ notes })}
        />
      </form>
    </Modal>
  );
}

import type { Payment } from '@portal/contracts';
import { PAYMENT_METHOD_LABELS } from './paymentForm';

/** How a payment reads in a list: its method, the check number for a check, and the admin's note. */
export function PaymentDescription({
  payment,
}: {
  payment: Pick<Payment, 'payment_method' | 'check_number' | 'notes'>;
}) {
  return (
    <>
      {PAYMENT_METHOD_LABELS[payment.payment_method]}
      {payment.check_number && ` #${payment.check_number}`}
      {payment.notes && <span className="muted"> · {payment.notes}</span>}
    </>
  );
}

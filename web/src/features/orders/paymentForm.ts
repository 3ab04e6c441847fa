import type { PaymentMethod } from '@portal/contracts';
import { typedCents } from './orderMoney';

export const PAYMENT_REQUIRED = 'Please select payment type and enter a valid amount';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  check: 'Check',
  other: 'Other',
};

export interface PaymentForm {
  method: PaymentMethod | '';
  amount: string;
  checkNumber: string;
  notes: string;
}
export const EMPTY_PAYMENT: PaymentForm = { method: '', amount: '', checkNumber: '', notes: '' };

/** The payment to record, or the spec's message: a type and an amount above 0 with at most 2 decimals. */
export function paymentToRecord(
  form: PaymentForm,
): { method: PaymentMethod; cents: number; checkNumber: string | null; notes: string | null } | { problem: string } {
  const cents = typedCents(form.amount);
  if (!form.method || cents === null || cents <= 0) return { problem: PAYMENT_REQUIRED };
  return {
    method: form.method,
    cents,
    // the check number belongs to checks only (the field shows only for check)
    checkNumber: form.method === 'check' ? form.checkNumber.trim() || null : null,
    notes: form.notes.trim() || null,
  };
}

/**
 * Where the spec's one message belongs while the form is not yet recordable: beside the payment type when none is
 * chosen, else beside the amount when it is not a valid amount above 0; null once both are right (the message
 * goes away then, without another click).
 */
export function paymentProblemField(form: PaymentForm): 'method' | 'amount' | null {
  if (!form.method) return 'method';
  const cents = typedCents(form.amount);
  return cents === null || cents <= 0 ? 'amount' : null;
}

import { type CallFailure, errorDetail } from '../../api/errorMessage';

/** The order screens' messages (000 §8), with the server's detail where it sent one. */
export const ORDER_UPDATED = 'Order updated successfully!';
export const ORDER_CREATED = 'Order created successfully!';
export const PAYMENT_RECORDED = 'Payment recorded successfully!';
export const INVOICE_EMAIL_SENT = 'Invoice email sent successfully!';
export const SELECT_DEALER_AND_PRODUCT = 'Please select a dealer and add at least one product';

/** The server's detail of a failed call, without its own "Error: " prefix (the screen's prefix says it). */
export function failureDetail(failure: unknown): string | undefined {
  const detail = typeof failure === 'object' && failure !== null ? errorDetail(failure as CallFailure) : undefined;
  const stripped = (detail ?? '').replace(/^error:\s*/i, '').trim();
  return stripped || undefined;
}

function networkOr(failure: unknown, fallback: string): string {
  if (typeof failure === 'object' && failure !== null && 'status' in failure) {
    const status = (failure as { status: unknown }).status;
    if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'no answer from the server';
  }
  return fallback;
}

export function updateOrderFailure(failure: unknown): string {
  return `Error updating order: ${failureDetail(failure) ?? networkOr(failure, 'Unknown error')}`;
}

export function createOrderFailure(failure: unknown): string {
  return `Error creating order: ${failureDetail(failure) ?? networkOr(failure, 'Unknown error')}`;
}

export function fetchOrdersFailure(failure: unknown): string {
  return `Error fetching orders: ${failureDetail(failure) ?? networkOr(failure, 'Unknown error')}`;
}

export function paymentFailure(failure: unknown): string {
  return `Error recording payment: ${failureDetail(failure) ?? networkOr(failure, 'Unknown error')}`;
}

/** 'Error sending invoice email: ...' with the reason; the server's detail already reads so and is kept as is. */
export function invoiceEmailFailure(failure: unknown): string {
  const detail = failureDetail(failure);
  if (detail && /^error sending invoice email/i.test(detail)) return detail;
  return `Error sending invoice email: ${detail ?? networkOr(failure, 'Unknown error')}`;
}

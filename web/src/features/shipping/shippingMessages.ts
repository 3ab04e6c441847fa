import { type CallFailure, errorDetail, isNetworkError } from '../../api/errorMessage';

/** The spec's prefixes of the shipping screens' failures (001 §8). */
export type ShippingFailure =
  | 'Error fetching orders'
  | 'Error fetching shipments'
  | 'Error creating shipment'
  | 'Error updating order status'
  | 'Error updating route'
  | 'Error assigning driver'
  | 'Error loading drivers';

/**
 * A failure as the shipping screens show it: the spec's prefix and the server's detail (its own "Error: "
 * dropped, so it is not said twice), or what went wrong when no detail came back.
 */
export function shippingFailure(prefix: ShippingFailure, error: unknown): string {
  const failure = isCallFailure(error) ? error : undefined;
  const detail = errorDetail(failure)?.replace(/^error:\s*/i, '');
  return `${prefix}: ${detail || describe(failure)}`;
}

function isCallFailure(error: unknown): error is CallFailure {
  return typeof error === 'object' && error !== null && ('status' in error || 'message' in error);
}

function describe(error: CallFailure | undefined): string {
  if (isNetworkError(error)) return 'Network error';
  if (error && 'status' in error && typeof error.status === 'number') return `HTTP ${error.status}`;
  return 'Unknown error';
}

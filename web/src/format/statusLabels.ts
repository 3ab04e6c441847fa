import type {
  DealerStatus,
  OrderStatus,
  PaymentStatus,
  RouteMode,
  ShipmentStatus,
  ShipmentStatusFilter,
} from '@portal/contracts';
import { ORDER_STATUS_LABELS } from '@portal/contracts/values';

import type { z } from 'zod';

/** The order statuses' words are shared with identity's mails: declared once, in contracts. */
export { ORDER_STATUS_LABELS };

/**
 * The statuses as words, where they are labels (selects, headings, sentences): "In shipment", not `in_shipment`
 * or IN_SHIPMENT. Badges keep the spec's upper-cased values (orders/orderBadges.ts). One map per status kind,
 * keyed by the contracts' own status lists, so a status added there does not compile until it has its words.
 */

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  unpaid: 'Unpaid',
  partially_paid: 'Partially paid',
  fully_paid: 'Paid',
};

export const DEALER_STATUS_LABELS: Readonly<Record<z.infer<typeof DealerStatus>, string>> = {
  pending: 'Pending',
  active: 'Active',
  archived: 'Archived',
};

/** A shipment's derived status (the badges read COMPLETED, IN PROGRESS, READY). */
export const SHIPMENT_STATUS_LABELS: Readonly<Record<ShipmentStatus, string>> = {
  READY: 'Ready',
  'IN PROGRESS': 'In progress',
  COMPLETED: 'Completed',
};

/** The same statuses as the shipments list filters them (`status=in_progress`). */
export const SHIPMENT_FILTER_LABELS: Readonly<Record<ShipmentStatusFilter, string>> = {
  ready: 'Ready',
  in_progress: 'In progress',
  completed: 'Completed',
};

export const ROUTE_MODE_LABELS: Readonly<Record<RouteMode, string>> = {
  original: 'Original order',
  closest_first: 'Closest first',
  closest_last: 'Closest last',
  manual: 'Manual',
  optimized: 'Optimised',
};

/** "In shipment" */
export function orderStatusText(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status] ?? status;
}

/** "Partially paid" */
export function paymentStatusText(status: PaymentStatus): string {
  return PAYMENT_STATUS_LABELS[status] ?? status;
}

import { countOf } from '../../format/count';

/** The dashboard alerts' texts: "1 dealer application waiting for approval", "3 dealer applications ...". */
export function pendingApprovalsAlert(count: number): string {
  return `${countOf(count, 'dealer application', 'dealer applications')} waiting for approval`;
}

/** "1 achievement not yet handled", "3 achievements not yet handled". */
export function achievementsAlert(count: number): string {
  return `${countOf(count, 'achievement', 'achievements')} not yet handled`;
}

/** "1 product is low on stock", "3 products are low on stock". */
export function lowStockAlert(count: number): string {
  return `${countOf(count, 'product', 'products')} ${count === 1 ? 'is' : 'are'} low on stock`;
}

/** "1 order is on credit hold", "3 orders are on credit hold". */
export function heldOrdersAlert(count: number): string {
  return `${countOf(count, 'order', 'orders')} ${count === 1 ? 'is' : 'are'} on credit hold`;
}

/**
 * The contract's plain values — words, limits and lists — in a module without zod, so that a screen that needs a
 * label or a limit does not load every schema of the contract (the web imports it as `@portal/contracts/values`;
 * a driver's phone signs in on a few kilobytes). The schemas that use them import them from here.
 */

export const ORDER_STATUSES = ['pending', 'confirmed', 'in_shipment', 'shipped', 'delivered', 'cancelled'] as const;

/** The statuses as words where they are labels or sentences ("In shipment", not `in_shipment`): screens and mails. */
export const ORDER_STATUS_LABELS: Readonly<Record<(typeof ORDER_STATUSES)[number], string>> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  in_shipment: 'In shipment',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The largest page a client may ask for, and the page the web asks for. */
export const PAGE_LIMIT_MAX = 200;
export const PAGE_LIMIT_DEFAULT = 50;

/** The shipment statuses as the shipments list filters them (`status=ready,in_progress`). */
export const SHIPMENT_STATUS_FILTERS = ['ready', 'in_progress', 'completed'] as const;

/** How long the driver who marked an order delivered, or an admin, may undo it (after that delivered is final). */
export const DELIVERY_UNDO_WINDOW_MINUTES = 10;

export const DELIVERY_PROOF_MESSAGES = {
  recipientRequired: "Error: Please enter the recipient's name",
  signatureRequired: 'Error: A signature is required to mark this order delivered',
  photoRequired: 'Error: A photo is required to mark this order delivered',
  undoWindowPassed: 'Error: A delivery can only be undone within 10 minutes',
  undoNotYours: 'Error: Only the driver who marked it delivered or an admin can undo a delivery',
  notDelivered: 'Error: This order is not marked delivered',
  proofNotFound: 'Error: No proof of delivery for this order',
  notYourRoute: 'Error: This route is driven by another driver',
  driverNotFound: 'Error: No active delivery user has this email',
  driverOnlySelf: 'Error: A delivery user can only drive their own routes',
  idempotencyKeyReused: 'Error: This Idempotency-Key was used for a different request',
} as const;

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

/** A tracked product's stock as dealers are told it (never the number), and its words on the product cards. */
export const STOCK_AVAILABILITIES = ['in_stock', 'low_stock', 'backorder'] as const;
export const STOCK_AVAILABILITY_LABELS: Readonly<Record<(typeof STOCK_AVAILABILITIES)[number], string>> = {
  in_stock: 'In stock',
  low_stock: 'Low stock',
  backorder: 'Backorder',
};

/** The largest page a client may ask for, and the page the web asks for. */
export const PAGE_LIMIT_MAX = 200;
export const PAGE_LIMIT_DEFAULT = 50;

/** A statement's JSON answer lists at most this many open invoices, oldest due first (its PDF lists every one). */
export const STATEMENT_OPEN_INVOICES_SHOWN = 50;

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

/**
 * What the audit log records changes of (`entity` of an entry and the `entity` filter of
 * `GET /api/admin/audit-log`). Settings pages are `settings` with the page's name as `entity_id`.
 */
export const AUDIT_ENTITIES = [
  'dealer',
  'dealer_login',
  'invitation',
  'user',
  'settings',
  'product',
  'order',
  'payment',
  'shipment',
  'delivery_proof',
  'coordinates',
  'incentive_program',
  'picture',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Fields whose values never enter the audit log: a change to one is recorded as changed, without values. */
export const AUDIT_SECRET_FIELDS = [
  'password',
  'password_hash',
  'new_password',
  'current_password',
  'temporary_password',
  'smtp_password',
  'token',
  'token_hash',
  'mfa_secret',
  'recovery_codes',
  'api_key',
  'google_maps_api_key',
] as const;
/** Stands for a secret's before and after values in an entry's changes. */
export const AUDIT_REDACTED = '[redacted]';

/**
 * The query parameters the embedded dealer locator may carry: the two that ask for it, and the locator's own
 * search (a place, radius, category). An allow-list, because any other parameter may one day make the web show
 * something else (today `action` and `token` open dealer signup).
 */
const EMBEDDED_LOCATOR_PARAMS = new Set(['view', 'embed', 'zip', 'q', 'radius', 'category']);

/**
 * Whether an address is the embed widget's frame, `/?view=dealer-locator&embed=1`: the public locator alone,
 * the only page another site may frame. The gateway decides its framing headers with it and the web shows the
 * embedded locator exactly when it is true, so a page that is framable shows nothing but the locator; any
 * other parameter (an invitation's `action` and `token` above all) makes the page an ordinary, unframable one.
 */
export function embeddedLocatorPage(pathname: string, search: string | URLSearchParams): boolean {
  if (pathname !== '/') return false;
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  for (const name of params.keys()) if (!EMBEDDED_LOCATOR_PARAMS.has(name)) return false;
  const only = (name: string) => {
    const values = params.getAll(name);
    return values.length === 1 ? values[0] : undefined;
  };
  return only('view') === 'dealer-locator' && only('embed') === '1';
}

/**
 * Why a default payment terms value (system configuration, issue 24) is refused: the API's detail is this after
 * 'Error: '; the Settings screen shows it as is.
 */
export const DEFAULT_PAYMENT_TERMS_PROBLEM = 'Default payment terms must be a whole number of days from 0 to 365';

import { z } from 'zod';
import { DEALER_SNAPSHOT_FIELDS, storedDealerShape } from '../dealer-fields';
import { ROLES } from '../endpoint';
import { ProductStatus } from '../entities/catalog';
import { OrderStatus, PaymentStatus } from '../entities/order';
import { SystemTimezone } from '../entities/settings';
import { AUDIT_ENTITIES } from '../values';
import { defineEvent } from './envelope';

/**
 * The product's domain events. Payloads are minimal but enough for consumers to keep their own
 * read models (the order service knows each dealer's name and city; shipping knows addresses).
 */

/** What other services keep of a dealer: its id and the fields the dealer field list marks for the snapshot. */
const DealerSnapshot = z.object({ dealer_id: z.string(), ...storedDealerShape(DEALER_SNAPSHOT_FIELDS) });
export type DealerSnapshot = z.infer<typeof DealerSnapshot>;

export const DealerCreated = defineEvent({
  type: 'dealer.created',
  version: 1,
  producers: ['dealer'],
  description: 'A dealer record was created (by an admin, by bulk import or by approval).',
  payload: DealerSnapshot,
});
export const DealerUpdated = defineEvent({
  type: 'dealer.updated',
  version: 1,
  producers: ['dealer'],
  description: 'A dealer record changed; the payload is the full new snapshot.',
  payload: DealerSnapshot,
});
export const DealerArchived = defineEvent({
  type: 'dealer.archived',
  version: 1,
  producers: ['dealer'],
  description: 'A dealer was archived: hidden from active lists, the map, new orders and sign-in.',
  payload: z.object({ dealer_id: z.string(), archived_at: z.string() }),
});
export const DealerRestored = defineEvent({
  type: 'dealer.restored',
  version: 1,
  producers: ['dealer'],
  description: 'An archived dealer is active again.',
  payload: z.object({ dealer_id: z.string() }),
});
export const DealerDeleted = defineEvent({
  type: 'dealer.deleted',
  version: 1,
  producers: ['dealer'],
  description: 'A dealer was permanently deleted.',
  payload: z.object({ dealer_id: z.string() }),
});

/** Who applied or was decided on: enough for a mail to the applicant and a notice to the admins. */
const Applicant = z.object({
  dealer_id: z.string(),
  email: z.string(),
  business_name: z.string().nullable(),
  full_name: z.string().nullable(),
});

export const DealerApplicationReceived = defineEvent({
  type: 'dealer.application_received',
  version: 1,
  producers: ['dealer'],
  description:
    'A visitor applied to become a dealer: a pending dealer waits for an admin (it is announced with dealer.created only when approved).',
  payload: Applicant.extend({
    phone: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    message: z.string().nullable(),
    received_at: z.string(),
  }),
});
export const DealerApplicationApproved = defineEvent({
  type: 'dealer.application_approved',
  version: 1,
  producers: ['dealer'],
  description:
    'An admin approved a pending dealer (now active, announced with dealer.created in the same transaction): the applicant is invited to sign in.',
  payload: Applicant.extend({ approved_by: z.string() }),
});
export const DealerApplicationRejected = defineEvent({
  type: 'dealer.application_rejected',
  version: 1,
  producers: ['dealer'],
  description: 'An admin rejected a pending dealer (now archived): the applicant is told politely.',
  payload: Applicant.extend({ rejected_by: z.string() }),
});

export const DealerSignupCompleted = defineEvent({
  type: 'dealer.signup_completed',
  version: 1,
  producers: ['identity'],
  description: 'A dealer accepted its invitation: the name and phone it entered belong on its dealer record.',
  payload: z.object({
    dealer_id: z.string(),
    email: z.string(),
    full_name: z.string(),
    phone: z.string().nullable(),
  }),
});

/**
 * What other services keep of a product (the order service's read model: title, price, status, image for order
 * lines and their history). The price is integer cents, never a float.
 */
export const ProductSnapshot = z.object({
  product_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  price_cents: z.number().int().nonnegative(),
  status: ProductStatus,
  /** the image's file name under /api/product-images/ (it changes whenever the image does) */
  image_filename: z.string().nullable(),
});
export type ProductSnapshot = z.infer<typeof ProductSnapshot>;

export const ProductCreated = defineEvent({
  type: 'product.created',
  version: 1,
  producers: ['catalog'],
  description: 'A product was added to the catalogue; the payload is its snapshot.',
  payload: ProductSnapshot,
});
export const ProductUpdated = defineEvent({
  type: 'product.updated',
  version: 1,
  producers: ['catalog'],
  description: 'A product changed (fields, status or image); the payload is the full new snapshot.',
  payload: ProductSnapshot,
});
export const ProductDeleted = defineEvent({
  type: 'product.deleted',
  version: 1,
  producers: ['catalog'],
  description: 'A product left the catalogue; its last snapshot is kept for order history (its image stays served).',
  payload: ProductSnapshot,
});

export const ProductStockLow = defineEvent({
  type: 'product.stock_low',
  version: 1,
  producers: ['catalog'],
  description:
    "A tracked product's available stock (on hand − reserved) fell to or below its low-stock level; announced once until it rises above it again.",
  payload: z.object({
    product_id: z.string(),
    title: z.string(),
    sku: z.string().nullable(),
    available: z.number().int(),
    low_stock_threshold: z.number().int().nonnegative(),
  }),
});

/** An order line as events carry it: a snapshot of the title and unit price (integer cents) when it was added. */
const OrderLine = z.object({
  product_id: z.string(),
  title: z.string(),
  quantity: z.number().int().positive(),
  price_cents: z.number().int().nonnegative(),
  /** a line typed by an admin (product_id starts with custom_), not a catalogue product */
  is_custom: z.boolean(),
});

export const OrderCreated = defineEvent({
  type: 'order.created',
  version: 1,
  producers: ['order'],
  description: 'An order was placed by a dealer or created by an admin (money in integer cents; tax is 0).',
  payload: z.object({
    order_id: z.string(),
    dealer_id: z.string(),
    status: OrderStatus,
    total_cents: z.number().int().nonnegative(),
    items: z.array(OrderLine),
    notes: z.string().nullable(),
    created_at: z.string(),
  }),
});
export const OrderUpdated = defineEvent({
  type: 'order.updated',
  version: 1,
  producers: ['order'],
  description: 'An order changed status, lines, notes or totals; the payload is its full new state.',
  payload: z.object({
    order_id: z.string(),
    dealer_id: z.string(),
    status: OrderStatus,
    /** the status before this change (equal to status when only lines or notes changed) */
    previous_status: OrderStatus,
    payment_status: PaymentStatus,
    total_cents: z.number().int().nonnegative(),
    paid_cents: z.number().int().nonnegative(),
    items: z.array(OrderLine),
    notes: z.string().nullable(),
  }),
});
export const PaymentRecorded = defineEvent({
  type: 'payment.recorded',
  version: 1,
  producers: ['order'],
  description: "A payment was recorded against an order; carries the order's new paid total and payment status.",
  payload: z.object({
    payment_id: z.string(),
    order_id: z.string(),
    dealer_id: z.string(),
    amount_cents: z.number().int().positive(),
    payment_method: z.enum(['cash', 'card', 'check', 'other']),
    payment_status: PaymentStatus,
    total_cents: z.number().int().nonnegative(),
    paid_cents: z.number().int().positive(),
    created_at: z.string(),
  }),
});
export const ShipmentCreated = defineEvent({
  type: 'shipment.created',
  version: 1,
  producers: ['shipping'],
  description: 'Orders were grouped into a shipment; they move to in_shipment.',
  payload: z.object({ shipment_id: z.string(), order_ids: z.array(z.string()) }),
});
export const ShipmentOrderStatusChanged = defineEvent({
  type: 'shipment.order_status_changed',
  version: 1,
  producers: ['shipping'],
  description:
    'Delivery moved an order of a shipment to shipped or delivered; a delivery with proof carries it in brief ' +
    '(the order keeps it for the invoice and My Orders).',
  payload: z.object({
    shipment_id: z.string(),
    order_id: z.string(),
    status: z.enum(['shipped', 'delivered']),
    delivery: z
      .object({
        delivered_at: z.string().describe('ISO 8601: when the driver recorded it (the device time, if sent)'),
        recipient_name: z.string().nullable(),
        /** the drawn signature re-encoded as a small PNG (≤ 64 KB), base64; null without one */
        signature_png_base64: z.string().max(90_000).nullable(),
      })
      .optional(),
  }),
});
export const ShipmentDeliveryUndone = defineEvent({
  type: 'shipment.delivery_undone',
  version: 1,
  producers: ['shipping'],
  description:
    'A delivered mark was undone within its 10 minutes by its driver or an admin; the order goes back to the ' +
    'status it had before (shipped or in_shipment) and forgets the proof.',
  payload: z.object({
    shipment_id: z.string(),
    order_id: z.string(),
    status: z.enum(['in_shipment', 'shipped']),
    undone_by: z.string(),
    undone_at: z.string(),
  }),
});
export const ShipmentDeparted = defineEvent({
  type: 'shipment.departed',
  version: 1,
  producers: ['shipping'],
  description:
    'A route left: its first order was marked shipped (or delivered). Each dealer on it is told what is on the ' +
    'truck and when to expect it.',
  payload: z.object({
    shipment_id: z.string(),
    shipment_name: z.string(),
    departed_at: z.string(),
    driver: z.object({ email: z.string(), full_name: z.string() }).nullable(),
    stops: z.array(
      z.object({
        dealer_id: z.string(),
        stop_number: z.number().int().positive(),
        order_ids: z.array(z.string()),
        /** departed_at plus the stop's ETA minutes; null when the stop has no coordinates */
        eta_at: z.string().nullable(),
      }),
    ),
  }),
});
export const IncentiveThresholdReached = defineEvent({
  type: 'incentive.threshold_reached',
  version: 1,
  producers: ['incentive'],
  description: 'A dealer reached a tier of an incentive program.',
  payload: z.object({
    achievement_id: z.string(),
    program_id: z.string(),
    dealer_id: z.string(),
    tier_name: z.string(),
    metric: z.enum(['revenue', 'orders', 'items']),
    threshold_value: z.number(),
    value_achieved: z.number(),
    reward: z.string(),
    notify_dealer: z.boolean(),
  }),
});
export const DealerGeocoded = defineEvent({
  type: 'dealer.geocoded',
  version: 1,
  producers: ['geocoding'],
  description: 'A dealer address was geocoded (or failed to be).',
  payload: z.object({
    dealer_id: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    status: z.enum(['ok', 'error', 'manual']),
    error: z.string().nullable(),
  }),
});
export const ZonesChanged = defineEvent({
  type: 'settings.zones_changed',
  version: 1,
  producers: ['identity'],
  description: 'The list of dealer zones in the system configuration changed.',
  payload: z.object({ zones: z.array(z.string()).min(1) }),
});
export const TimezoneChanged = defineEvent({
  type: 'settings.timezone_changed',
  version: 1,
  producers: ['identity'],
  description: 'The system timezone (in which days are counted) changed in the system configuration.',
  payload: z.object({ system_timezone: SystemTimezone }),
});
export const PaymentTermsChanged = defineEvent({
  type: 'settings.payment_terms_changed',
  version: 1,
  producers: ['identity'],
  description:
    'The default payment terms (of dealers without their own) changed in the system configuration; the newest changed_at wins.',
  payload: z.object({
    default_payment_terms_days: z.number().int().min(0).max(365),
    /** when identity made the change (ISO instant): a service keeps the newest announcement */
    changed_at: z.string(),
  }),
});
export const EmailRequested = defineEvent({
  type: 'notification.email_requested',
  version: 1,
  producers: ['incentive'],
  description: 'A service asks the one mail sender (identity) to send an email with the configured SMTP settings.',
  payload: z.object({
    to: z.array(z.string()).min(1),
    subject: z.string(),
    text: z.string(),
    html: z.string().optional(),
    /** why the mail is sent, for logs and the outbox: 'invitation', 'invoice', 'achievement', ... */
    purpose: z.string(),
  }),
});

/** One privileged change: identity appends it to the audit log (hash-chained, append-only). */
export const AuditRecord = z.object({
  /** when the change was made (ISO instant) */
  at: z.string(),
  /** who made it; null for the system (an event consumer, a scheduled job) */
  actor_email: z.string().nullable(),
  actor_role: z.enum(ROLES).nullable(),
  /** what was done, `<entity>.<verb>`: 'dealer.archived', 'settings.updated', 'payment.recorded' */
  action: z.string().regex(/^[a-z_]+\.[a-z_]+$/),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.string().min(1),
  /** field: [before, after]; null stands for absent; secrets are AUDIT_REDACTED */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  /** the request that made the change (x-request-id), null outside a request */
  request_id: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof AuditRecord>;

export const AuditRecorded = defineEvent({
  type: 'audit.recorded',
  version: 1,
  producers: ['identity', 'dealer', 'order', 'shipping', 'catalog', 'media', 'geocoding', 'incentive'],
  description:
    'A privileged change, written to the outbox in the transaction of the change; identity appends it to the audit log.',
  payload: AuditRecord,
});

/** Every event of the portal, keyed by its type: consumers are declared against these keys. */
export const eventsByType = {
  [DealerCreated.type]: DealerCreated,
  [DealerUpdated.type]: DealerUpdated,
  [DealerArchived.type]: DealerArchived,
  [DealerRestored.type]: DealerRestored,
  [DealerDeleted.type]: DealerDeleted,
  [DealerSignupCompleted.type]: DealerSignupCompleted,
  [DealerApplicationReceived.type]: DealerApplicationReceived,
  [DealerApplicationApproved.type]: DealerApplicationApproved,
  [DealerApplicationRejected.type]: DealerApplicationRejected,
  [ProductCreated.type]: ProductCreated,
  [ProductUpdated.type]: ProductUpdated,
  [ProductDeleted.type]: ProductDeleted,
  [ProductStockLow.type]: ProductStockLow,
  [OrderCreated.type]: OrderCreated,
  [OrderUpdated.type]: OrderUpdated,
  [PaymentRecorded.type]: PaymentRecorded,
  [ShipmentCreated.type]: ShipmentCreated,
  [ShipmentOrderStatusChanged.type]: ShipmentOrderStatusChanged,
  [ShipmentDeliveryUndone.type]: ShipmentDeliveryUndone,
  [ShipmentDeparted.type]: ShipmentDeparted,
  [IncentiveThresholdReached.type]: IncentiveThresholdReached,
  [DealerGeocoded.type]: DealerGeocoded,
  [ZonesChanged.type]: ZonesChanged,
  [TimezoneChanged.type]: TimezoneChanged,
  [PaymentTermsChanged.type]: PaymentTermsChanged,
  [EmailRequested.type]: EmailRequested,
  [AuditRecorded.type]: AuditRecorded,
} as const;

export type Events = typeof eventsByType;
/** The type of every declared event, e.g. 'dealer.created'. */
export type EventType = keyof Events;
/** The payload of the event of type T, as its schema outputs it. */
export type PayloadOfType<T extends EventType> = z.output<Events[T]['payload']>;

/** Whether `type` names a declared event. */
export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventsByType, type);
}

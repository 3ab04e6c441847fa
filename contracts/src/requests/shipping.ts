import { z } from 'zod';
import { Email } from '../common';
import type { FilePart } from '../endpoint';
import { DeliveryStatus } from '../entities/shipping';
import { Coordinates, Id, Latitude, Longitude, optionalText } from '../fields';
import { commaList, commaListOf, listQuery, SearchParam } from '../list-query';
import { SHIPMENT_STATUS_FILTERS } from '../values';

const SELECT_ORDERS = 'Please select orders to create a shipment';
export const CreateShipmentRequest = z.object({
  order_ids: z
    .array(Id, { error: SELECT_ORDERS })
    .min(1, SELECT_ORDERS)
    .max(500, 'Error: At most 500 orders per shipment'),
  shipment_name: optionalText(200),
  /**
   * Beyond the spec: the delivery user who drives it. An admin may name any active delivery user or none; a
   * delivery user creating a route may name only themselves, and drives it when they name nobody.
   */
  driver_email: Email.nullable().optional(),
});

/** Beyond the spec: give a route to a delivery user, or take it back (`null`). Admins only. */
export const AssignDriverRequest = z.object({
  driver_email: Email.nullable(),
});

export const UpdateShipmentOrderStatusRequest = z.object({
  order_id: Id,
  status: DeliveryStatus,
});

/** Beyond the spec: choose how the stops are ordered (manual keeps the order shown now). */
export const SetRouteModeRequest = z.object({
  mode: z.enum(['original', 'closest_first', 'closest_last', 'manual'], {
    error: 'Error: Route order must be original, closest_first, closest_last or manual',
  }),
});

/** Beyond the spec: move one stop up or down; the route becomes manual. */
export const MoveStopRequest = z.object({
  dealer_id: Id,
  direction: z.enum(['up', 'down'], { error: 'Error: Direction must be up or down' }),
});

/** Beyond the spec: lock a stop in its place (Optimise keeps it) or unlock it. */
export const LockStopRequest = z.object({
  dealer_id: Id,
  locked: z.boolean({ error: 'Error: locked must be true or false' }),
});

/** Beyond the spec: the route settings (start point, average speed, service time per stop). */
export const ShippingSettingsRequest = z.object({
  start_label: optionalText(300),
  start_coordinates: Coordinates.nullable().optional(),
  average_speed_mph: z
    .number({ error: 'Error: Average speed must be a number of miles per hour' })
    .min(1, 'Error: Average speed must be between 1 and 100 mph')
    .max(100, 'Error: Average speed must be between 1 and 100 mph'),
  proof_signature_required: z.boolean({ error: 'Error: proof_signature_required must be true or false' }).optional(),
  proof_photo_required: z.boolean({ error: 'Error: proof_photo_required must be true or false' }).optional(),
  service_minutes: z
    .number({ error: 'Error: Service time must be a whole number of minutes' })
    .int('Error: Service time must be a whole number of minutes')
    .min(0, 'Error: Service time must be between 0 and 240 minutes')
    .max(240, 'Error: Service time must be between 0 and 240 minutes'),
});

export type ShipmentStatusFilter = (typeof SHIPMENT_STATUS_FILTERS)[number];

/** The shipments list's query: newest first by default; see list-query. */
export const ShipmentListQuery = listQuery({
  sorts: ['created_at', 'status'],
  filters: {
    q: SearchParam.describe('shipment id or name, or the business name of a dealer it stops at'),
    status: commaListOf(SHIPMENT_STATUS_FILTERS),
    driver: z
      .string()
      .trim()
      .toLowerCase()
      .min(1)
      .max(254)
      .describe("a driver's email, `me` (the caller's own routes) or `none` (routes nobody drives yet)"),
  },
});
export type ShipmentListQuery = z.infer<typeof ShipmentListQuery>;

/** The ready-to-ship orders' query: oldest first by default (they have waited longest); see list-query. */
export const ReadyOrderListQuery = listQuery({
  sorts: ['created_at', 'dealer_business_name'],
  filters: {
    q: SearchParam.describe("order number, the dealer's business name, city or state"),
    state: commaList.describe('US state codes of the dealers, comma-separated'),
    dealer_id: z.string().trim().min(1).max(100),
  },
});
export type ReadyOrderListQuery = z.infer<typeof ReadyOrderListQuery>;

/** Beyond the spec: undo a delivered mark within DELIVERY_UNDO_WINDOW_MINUTES (its driver or an admin). */
export const UndoDeliveryRequest = z.object({ order_id: Id });

/**
 * The text fields of a proof of delivery (multipart, beside the `signature` and `photos` files). Position and
 * time are the device's, when it gives them; `captured_at` is when the driver took it, which may be long before
 * an offline phone sends it.
 */
export const DeliveryProofRequest = z.object({
  recipient_name: optionalText(200),
  notes: optionalText(2000),
  latitude: z.coerce.number().pipe(Latitude).optional(),
  longitude: z.coerce.number().pipe(Longitude).optional(),
  captured_at: z.iso.datetime({ offset: true, error: 'Error: captured_at must be an ISO 8601 time' }).optional(),
});

/** A drawn signature: a PNG the browser's canvas makes (a few kilobytes). */
export const DeliverySignatureUpload: FilePart = {
  field: 'signature',
  maxBytes: 1024 * 1024,
  kinds: ['png'],
  required: false,
  messages: {
    tooLarge: 'Error: The signature must be less than 1MB',
    wrongKind: 'Error: The signature must be a PNG image',
  },
};

/** Photos of the delivered goods: up to 5, each at most 10 MB (a phone camera's JPEG). */
export const DeliveryPhotosUpload: FilePart = {
  field: 'photos',
  maxBytes: 10 * 1024 * 1024,
  maxCount: 5,
  kinds: ['jpeg', 'png', 'webp'],
  required: false,
  messages: {
    tooLarge: 'Error: Each photo must be less than 10MB',
    wrongKind: 'Error: Photos must be JPEG, PNG or WebP images',
  },
};

import { z } from 'zod';
import { DeliveryStatus } from '../entities/shipping';
import { Coordinates, Id, optionalText } from '../fields';
import { commaList, commaListOf, listQuery, SearchParam } from '../list-query';

const SELECT_ORDERS = 'Please select orders to create a shipment';
export const CreateShipmentRequest = z.object({
  order_ids: z
    .array(Id, { error: SELECT_ORDERS })
    .min(1, SELECT_ORDERS)
    .max(500, 'Error: At most 500 orders per shipment'),
  shipment_name: optionalText(200),
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
  service_minutes: z
    .number({ error: 'Error: Service time must be a whole number of minutes' })
    .int('Error: Service time must be a whole number of minutes')
    .min(0, 'Error: Service time must be between 0 and 240 minutes')
    .max(240, 'Error: Service time must be between 0 and 240 minutes'),
});

/** The shipment statuses as the shipments list filters them (`status=ready,in_progress`). */
export const SHIPMENT_STATUS_FILTERS = ['ready', 'in_progress', 'completed'] as const;
export type ShipmentStatusFilter = (typeof SHIPMENT_STATUS_FILTERS)[number];

/** The shipments list's query: newest first by default; see list-query. */
export const ShipmentListQuery = listQuery({
  sorts: ['created_at', 'status'],
  filters: {
    q: SearchParam.describe('shipment id or name, or the business name of a dealer it stops at'),
    status: commaListOf(SHIPMENT_STATUS_FILTERS),
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

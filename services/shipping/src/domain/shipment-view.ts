import {
  type Coordinates,
  centsToDollars,
  type DeliverySummary,
  type OrderStatus,
  type RouteMode,
  type RouteStop,
  type Shipment,
  type ShipmentSummary,
  type ShippingOrder,
} from '@portal/contracts';
import { openUndoDeadline } from './delivery-proof';
import { shipmentStatus } from './delivery-status';
import { DEFAULT_MAP_CENTRE } from './geo';
import { routeLinks } from './route-links';
import { routeMetrics } from './route-metrics';
import { orderStops } from './route-order';

/** An order line as order events carry it (cents). */
export interface OrderItem {
  product_id: string;
  title: string;
  quantity: number;
  price_cents: number;
  is_custom: boolean;
}

/** What shipping knows of an order's dealer (dealer.* and dealer.geocoded). */
export interface DealerRecord {
  business_name: string | null;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  lat: number | null;
  lng: number | null;
}

/** An order as the read model keeps it, with its dealer. */
export interface OrderRecord {
  order_id: string;
  dealer_id: string;
  status: OrderStatus;
  created_at: string;
  formatted_date: string;
  total_cents: number;
  items: OrderItem[];
  notes: string | null;
  dealer: DealerRecord;
  /** its current delivered mark, when the orders were read with it (a shipment's orders are) */
  delivery?: OrderDelivery | null;
}

/** An order's current delivered mark in brief (delivery_proofs): what cards and route sheets show. */
export interface OrderDelivery {
  /** when it happened (the device's time when it sent one) */
  delivered_at: string;
  /** when the server recorded it: the undo window counts from here */
  recorded_at: string;
  recipient_name: string | null;
  delivered_by: string;
  has_signature: boolean;
  photo_count: number;
}

/** The delivery summary of an order as of `now` (its undo deadline gone once passed). */
export function deliverySummary(delivery: OrderDelivery, now: Date): DeliverySummary {
  const open = openUndoDeadline(new Date(delivery.recorded_at), now);
  return {
    delivered_at: delivery.delivered_at,
    recipient_name: delivery.recipient_name,
    delivered_by: delivery.delivered_by,
    has_signature: delivery.has_signature,
    photo_count: delivery.photo_count,
    undo_until: open?.toISOString() ?? null,
  };
}

export interface ShipmentRecord {
  shipment_id: string;
  shipment_name: string;
  created_at: string;
  route_mode: RouteMode;
  stop_sequence: string[];
  locked_stops: string[];
  /** the delivery user who drives it, and their name when it was assigned; null while unassigned */
  driver_email: string | null;
  driver_name: string | null;
  /** when the route left (its first order marked shipped or delivered); null before */
  departed_at: string | null;
}

export interface RouteSettings {
  start_label: string | null;
  start_coordinates: Coordinates | null;
  average_speed_mph: number;
  service_minutes: number;
  /** proof of delivery: whether a drawn signature, and a photo, are required */
  proof_signature_required: boolean;
  proof_photo_required: boolean;
}

/** The order number shown everywhere: the last 8 characters of the order id, upper case (001 §9). */
export const orderNumber = (orderId: string) => orderId.slice(-8).toUpperCase();

/** "address, city, ST zip" without the parts that are missing. */
export function fullAddress(dealer: Pick<DealerRecord, 'address' | 'city' | 'state' | 'zip_code'>): string {
  const stateZip = [dealer.state, dealer.zip_code].filter(Boolean).join(' ');
  return [dealer.address, dealer.city, stateZip].filter(Boolean).join(', ');
}

export const dealerCoordinates = (dealer: Pick<DealerRecord, 'lat' | 'lng'>): Coordinates | null =>
  dealer.lat === null || dealer.lng === null ? null : { lat: dealer.lat, lng: dealer.lng };

export function shippingOrderView(order: OrderRecord, now: Date = new Date()): ShippingOrder {
  const { dealer } = order;
  return {
    order_id: order.order_id,
    order_number: orderNumber(order.order_id),
    created_at: order.created_at,
    formatted_date: order.formatted_date,
    status: order.status,
    dealer_id: order.dealer_id,
    dealer_business_name: dealer.business_name,
    dealer_full_name: dealer.full_name,
    dealer_city: dealer.city,
    dealer_state: dealer.state,
    dealer_address: dealer.address,
    dealer_zip_code: dealer.zip_code,
    dealer_email: dealer.email,
    dealer_phone: dealer.phone,
    product_details: order.items.map((item) => ({
      title: item.title,
      description: null,
      quantity: item.quantity,
      price: centsToDollars(item.price_cents),
    })),
    total_value: centsToDollars(order.total_cents),
    notes: order.notes,
    delivery: order.delivery ? deliverySummary(order.delivery, now) : null,
  };
}

/** What a shipment's summary needs of an order: its stop and status, not its lines (the summary reads none). */
export type OrderBrief = Pick<OrderRecord, 'order_id' | 'dealer_id' | 'status' | 'dealer'>;

/** One stop per dealer, in the original order: dealers by the first of their orders (orders in selection order). */
export function originalStops(orders: readonly OrderBrief[]) {
  const stops = new Map<
    string,
    { dealer_id: string; coordinates: Coordinates | null; dealer: DealerRecord; order_ids: string[] }
  >();
  for (const order of orders) {
    const stop = stops.get(order.dealer_id);
    if (stop) stop.order_ids.push(order.order_id);
    else
      stops.set(order.dealer_id, {
        dealer_id: order.dealer_id,
        coordinates: dealerCoordinates(order.dealer),
        dealer: order.dealer,
        order_ids: [order.order_id],
      });
  }
  return [...stops.values()];
}

/** The route's stops in the shipment's order (its mode, kept sequence), as dealer ids. */
export function routeOrder(shipment: ShipmentRecord, orders: readonly OrderBrief[]) {
  return orderStops(originalStops(orders), shipment.route_mode, shipment.stop_sequence);
}

/** Where routes start: the settings' start point, else the default map centre (001 §9). */
export const routeStart = (settings: RouteSettings) => settings.start_coordinates ?? DEFAULT_MAP_CENTRE;

/** The route's stops in order with their metrics (miles and ETA from the settings' start point). */
function routeWithMetrics(shipment: ShipmentRecord, orders: readonly OrderBrief[], settings: RouteSettings) {
  const stops = routeOrder(shipment, orders);
  const metrics = routeMetrics(stops, {
    start: settings.start_coordinates,
    average_speed_mph: settings.average_speed_mph,
    service_minutes: settings.service_minutes,
  });
  return { stops, metrics };
}

/** Orders a route still has to bring: neither delivered nor cancelled. */
const stillToDeliver = (status: OrderStatus) => status !== 'delivered' && status !== 'cancelled';

function summaryOf(
  shipment: ShipmentRecord,
  orders: readonly OrderBrief[],
  { stops, metrics }: { stops: ReturnType<typeof routeOrder>; metrics: { total_miles: number } },
): ShipmentSummary {
  const statuses = orders.map((order) => order.status);
  const statusOf = new Map(orders.map((order) => [order.order_id, order.status]));
  const nextIndex = stops.findIndex((stop) =>
    stop.order_ids.some((id) => stillToDeliver(statusOf.get(id) ?? 'delivered')),
  );
  const next = stops[nextIndex];
  return {
    shipment_id: shipment.shipment_id,
    shipment_name: shipment.shipment_name,
    created_at: shipment.created_at,
    total_orders: orders.length,
    delivery_stats: {
      total_stops: stops.length,
      delivered_orders: statuses.filter((status) => status === 'delivered').length,
      shipped_orders: statuses.filter((status) => status === 'shipped').length,
    },
    status: shipmentStatus(statuses),
    route_mode: shipment.route_mode,
    total_miles: metrics.total_miles,
    driver:
      shipment.driver_email === null
        ? null
        : { email: shipment.driver_email, full_name: shipment.driver_name ?? shipment.driver_email },
    departed_at: shipment.departed_at,
    next_stop: next
      ? { stop_number: nextIndex + 1, business_name: next.dealer.business_name, full_address: fullAddress(next.dealer) }
      : null,
  };
}

/**
 * A shipment as its collapsed card shows it: name, driver, progress, status, miles and the next stop (the first
 * in route order with an order still to deliver). Needs no order lines.
 */
export function shipmentSummaryView(
  shipment: ShipmentRecord,
  orders: readonly OrderBrief[],
  settings: RouteSettings,
): ShipmentSummary {
  return summaryOf(shipment, orders, routeWithMetrics(shipment, orders, settings));
}

/** The shipment as the screens show it: its summary, stops in route order with metrics, its orders and links. */
export function shipmentView(
  shipment: ShipmentRecord,
  orders: readonly OrderRecord[],
  settings: RouteSettings,
  now: Date = new Date(),
): Shipment {
  const locked = new Set(shipment.locked_stops);
  const { stops, metrics } = routeWithMetrics(shipment, orders, settings);
  const route: RouteStop[] = stops.map((stop, index) => ({
    dealer_id: stop.dealer_id,
    business_name: stop.dealer.business_name,
    full_address: fullAddress(stop.dealer),
    coordinates: stop.coordinates,
    stop_number: index + 1,
    phone: stop.dealer.phone,
    order_ids: stop.order_ids,
    locked: locked.has(stop.dealer_id),
    leg_miles: metrics.stops[index]?.leg_miles ?? null,
    eta_minutes: metrics.stops[index]?.eta_minutes ?? null,
  }));
  return {
    ...summaryOf(shipment, orders, { stops, metrics }),
    route,
    orders: orders.map((order) => shippingOrderView(order, now)),
    route_links: routeLinks(route),
  };
}

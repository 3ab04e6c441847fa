import { z } from 'zod';
import { IsoDate } from '../common';
import { Coordinates, Money } from '../fields';
import { OrderStatus } from './order';

export const ShippingOrderLine = z.object({
  title: z.string(),
  description: z.string().nullable(),
  quantity: z.number().int().positive(),
  price: Money,
});

/** Beyond the spec: the proof of delivery in brief, on a shipment's order (cards, route sheet). */
export const DeliverySummary = z.object({
  delivered_at: IsoDate,
  recipient_name: z.string().nullable(),
  /** who marked it delivered (the driver's or admin's email) */
  delivered_by: z.string(),
  has_signature: z.boolean(),
  photo_count: z.number().int().nonnegative(),
  /** until when the mark may still be undone; null once the window has passed */
  undo_until: IsoDate.nullable(),
});
export type DeliverySummary = z.infer<typeof DeliverySummary>;

/** An order as the shipping screens show it (001 §3 "Order (ready to ship)"): the order and its dealer. */
export const ShippingOrder = z.object({
  order_id: z.string(),
  /** the last 8 characters of the order id, upper case (001 §9) */
  order_number: z.string(),
  created_at: IsoDate,
  formatted_date: z.string(),
  status: OrderStatus,
  dealer_id: z.string(),
  dealer_business_name: z.string().nullable(),
  dealer_full_name: z.string().nullable(),
  dealer_city: z.string().nullable(),
  dealer_state: z.string().nullable(),
  dealer_address: z.string().nullable(),
  dealer_zip_code: z.string().nullable(),
  dealer_email: z.string().nullable(),
  dealer_phone: z.string().nullable(),
  product_details: z.array(ShippingOrderLine),
  total_value: Money,
  notes: z.string().nullable(),
  /** beyond the spec: how it was delivered, once it is (null before, and again after an undo) */
  delivery: DeliverySummary.nullable(),
});
export type ShippingOrder = z.infer<typeof ShippingOrder>;

/**
 * How a shipment's stops are ordered (001 §4): as generated, closest to the default map centre first or last
 * (straight-line degree distance), manual after any move up or down; `optimized` (beyond the spec) after the
 * Optimise action.
 */
export const RouteMode = z.enum(['original', 'closest_first', 'closest_last', 'manual', 'optimized']);
export type RouteMode = z.infer<typeof RouteMode>;

/** One stop per dealer, its orders grouped (001 §3 Stop, plus what the route screen and sheet need). */
export const RouteStop = z.object({
  dealer_id: z.string(),
  business_name: z.string().nullable(),
  full_address: z.string(),
  coordinates: Coordinates.nullable(),
  /** beyond the spec: 1-based position in the route */
  stop_number: z.number().int().positive(),
  phone: z.string().nullable(),
  /** the shipment's orders delivered at this stop */
  order_ids: z.array(z.string()),
  /** kept in place by Optimise */
  locked: z.boolean(),
  /** straight-line (great-circle) miles from the previous stop or the start point; null without coordinates */
  leg_miles: z.number().nonnegative().nullable(),
  /** minutes from departure until arrival here (average speed, plus the service time of earlier stops) */
  eta_minutes: z.number().nonnegative().nullable(),
});
export type RouteStop = z.infer<typeof RouteStop>;

/** Derived (001 §4): COMPLETED when every order is delivered (and one exists), IN PROGRESS when some are. */
export const ShipmentStatus = z.enum(['COMPLETED', 'IN PROGRESS', 'READY']);
export type ShipmentStatus = z.infer<typeof ShipmentStatus>;

/** Beyond the spec: the delivery user who drives a route. */
export const ShipmentDriver = z.object({ email: z.string(), full_name: z.string() });
export type ShipmentDriver = z.infer<typeof ShipmentDriver>;

/**
 * A shipment as a collapsed card shows it (beyond the spec): what a driver or an admin reads at a glance. The
 * full `Shipment` adds the route, the orders and the map links.
 */
export const ShipmentSummary = z.object({
  shipment_id: z.string(),
  shipment_name: z.string(),
  created_at: IsoDate,
  total_orders: z.number().int().nonnegative(),
  delivery_stats: z.object({
    total_stops: z.number().int().nonnegative(),
    delivered_orders: z.number().int().nonnegative(),
    shipped_orders: z.number().int().nonnegative(),
  }),
  status: ShipmentStatus,
  route_mode: RouteMode,
  /** beyond the spec: the route's straight-line miles over the stops with coordinates (from the start point) */
  total_miles: z.number().nonnegative(),
  /** beyond the spec: who drives it; null while unassigned */
  driver: ShipmentDriver.nullable(),
  /** beyond the spec: when the route left (its first order marked shipped or delivered); null before */
  departed_at: IsoDate.nullable(),
  /** beyond the spec: the first stop with an order not yet delivered; null when every order is */
  next_stop: z
    .object({
      stop_number: z.number().int().positive(),
      business_name: z.string().nullable(),
      full_address: z.string(),
    })
    .nullable(),
});
export type ShipmentSummary = z.infer<typeof ShipmentSummary>;

export const Shipment = ShipmentSummary.extend({
  route: z.array(RouteStop),
  orders: z.array(ShippingOrder),
  /**
   * Links that open the route in Google Maps, in order: stop coordinates as waypoints (the address when a
   * stop has none); a route with more stops than one link carries is split, each link starting where the
   * previous one ended.
   */
  route_links: z.array(z.string()),
});
export type Shipment = z.infer<typeof Shipment>;

/** The changes delivery may make from the shipping screens; delivered is final. */
export const DeliveryStatus = z.enum(['shipped', 'delivered'], { error: 'Error: Status must be shipped or delivered' });
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

/**
 * Beyond the spec: what Optimise and the ETAs start from. The start point is the company's depot (the web fills
 * it from the geocoded company address); without one, routes start at the default map centre.
 */
export const ShippingSettings = z.object({
  start_label: z.string().nullable(),
  start_coordinates: Coordinates.nullable(),
  average_speed_mph: z.number().positive(),
  service_minutes: z.number().int().nonnegative(),
  /** proof of delivery: whether a drawn signature is required (default true) */
  proof_signature_required: z.boolean(),
  /** proof of delivery: whether at least one photo is required (default false) */
  proof_photo_required: z.boolean(),
});
export type ShippingSettings = z.infer<typeof ShippingSettings>;

/**
 * Beyond the spec: the proof of delivery of one order, as admins, the shipment's driver and the order's dealer
 * read it. Image URLs are signed links that work for a limited time (an <img> cannot send a bearer token).
 */
export const DeliveryProof = z.object({
  shipment_id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  recipient_name: z.string().nullable(),
  notes: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** when the device says the delivery happened (it may have been offline), else when it was received */
  captured_at: IsoDate,
  /** when the server recorded it */
  recorded_at: IsoDate,
  delivered_by: z.string(),
  signature_url: z.string().nullable(),
  photo_urls: z.array(z.string()),
  undo_until: IsoDate.nullable(),
});
export type DeliveryProof = z.infer<typeof DeliveryProof>;

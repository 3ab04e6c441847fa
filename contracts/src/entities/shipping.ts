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

export const Shipment = z.object({
  shipment_id: z.string(),
  shipment_name: z.string(),
  created_at: IsoDate,
  total_orders: z.number().int().nonnegative(),
  delivery_stats: z.object({
    total_stops: z.number().int().nonnegative(),
    delivered_orders: z.number().int().nonnegative(),
    shipped_orders: z.number().int().nonnegative(),
  }),
  route: z.array(RouteStop),
  orders: z.array(ShippingOrder),
  status: ShipmentStatus,
  route_mode: RouteMode,
  /**
   * Links that open the route in Google Maps, in order: stop coordinates as waypoints (the address when a
   * stop has none); a route with more stops than one link carries is split, each link starting where the
   * previous one ended.
   */
  route_links: z.array(z.string()),
  /** beyond the spec: the route's straight-line miles over the stops with coordinates (from the start point) */
  total_miles: z.number().nonnegative(),
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
});
export type ShippingSettings = z.infer<typeof ShippingSettings>;

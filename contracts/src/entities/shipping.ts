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

export const ShippingOrder = z.object({
  order_id: z.string(),
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

export const RouteStop = z.object({
  dealer_id: z.string(),
  business_name: z.string().nullable(),
  full_address: z.string(),
  coordinates: Coordinates.nullable(),
});
export type RouteStop = z.infer<typeof RouteStop>;

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
});
export type Shipment = z.infer<typeof Shipment>;

/** The changes delivery may make from the shipping screens; delivered is final. */
export const DeliveryStatus = z.enum(['shipped', 'delivered']);

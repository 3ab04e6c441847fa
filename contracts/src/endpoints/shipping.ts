import { z } from 'zod';
import { Ok } from '../common';
import { access, endpoint } from '../endpoint';
import { DeliveryStatus, Shipment, ShippingOrder } from '../entities/shipping';
import { idParams } from '../fields';
import { CreateShipmentRequest, UpdateShipmentOrderStatusRequest } from '../requests/shipping';

const owner = 'shipping' as const;

export const shippingEndpoints = {
  'admin.readyToShipOrders': endpoint({
    id: 'admin.readyToShipOrders',
    method: 'GET',
    path: '/api/admin/ready-to-ship-orders',
    owner,
    access: access.roles('admin', 'delivery'),
    summary: 'Confirmed orders not yet in a shipment, with dealer addresses',
    response: Ok.extend({ orders: z.array(ShippingOrder) }),
  }),
  'admin.createShipment': endpoint({
    id: 'admin.createShipment',
    method: 'POST',
    path: '/api/admin/create-shipment',
    owner,
    access: access.roles('admin', 'delivery'),
    summary: 'Group ready orders into a shipment with a generated route; the orders move to in_shipment',
    body: CreateShipmentRequest,
    response: Ok.extend({ shipment_id: z.string(), shipment: Shipment }),
  }),
  'admin.shipments': endpoint({
    id: 'admin.shipments',
    method: 'GET',
    path: '/api/admin/shipments',
    owner,
    access: access.roles('admin', 'delivery'),
    summary: 'Shipments with their routes, orders and delivery progress, newest first',
    response: Ok.extend({ shipments: z.array(Shipment) }),
  }),
  'admin.updateShipmentOrderStatus': endpoint({
    id: 'admin.updateShipmentOrderStatus',
    method: 'POST',
    path: '/api/admin/shipment/{id}/update-order-status',
    owner,
    access: access.roles('admin', 'delivery'),
    summary: 'Mark an order of a shipment shipped or delivered (in_shipment → shipped → delivered)',
    params: idParams('id'),
    body: UpdateShipmentOrderStatusRequest,
    response: Ok.extend({ order_id: z.string(), status: DeliveryStatus }),
  }),
} as const;

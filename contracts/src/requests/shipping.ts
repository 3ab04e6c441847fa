import { z } from 'zod';
import { DeliveryStatus } from '../entities/shipping';
import { Id, optionalText } from '../fields';

const SELECT_ORDERS = 'Please select orders to create a shipment';
export const CreateShipmentRequest = z.object({
  order_ids: z.array(Id, { error: SELECT_ORDERS }).min(1, SELECT_ORDERS).max(500),
  shipment_name: optionalText(200),
});

export const UpdateShipmentOrderStatusRequest = z.object({
  order_id: Id,
  status: DeliveryStatus,
});

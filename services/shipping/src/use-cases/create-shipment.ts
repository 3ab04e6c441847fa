import { randomUUID } from 'node:crypto';
import { type CreateShipmentRequest, type Shipment, ShipmentCreated } from '@portal/contracts';
import {
  type AuthUser,
  conflict,
  formatDayAnd24hTimeIn,
  isUniqueViolation,
  readSystemTimezone,
  recordAudit,
} from '@portal/platform';
import type { z } from 'zod';
import type { ShippingContext } from '../context';
import { lockOrders, saveRequestedStatus } from '../data/known-orders';
import { insertShipment } from '../data/shipments';
import { orderNumber } from '../domain/shipment-view';
import { driverOfNewShipment } from './drivers';
import { shipmentNow } from './shipments';

type CreateForm = z.output<typeof CreateShipmentRequest>;

export const notReady = (orderIds: readonly string[]) =>
  `Error: Only confirmed orders that are in no shipment can be shipped; not ready: ${orderIds.map(orderNumber).join(', ')}`;
export const shipmentCreated = (count: number) =>
  `Shipment created successfully with ${count} ${count === 1 ? 'order' : 'orders'}`;

/** The name of a shipment created without one, in the system timezone, e.g. "Shipment Jan 5, 2026, 14:03 CST". */
export const defaultShipmentName = (now: Date, timeZone: string) => `Shipment ${formatDayAnd24hTimeIn(now, timeZone)}`;

/**
 * Groups ready orders (confirmed, in no shipment) into a shipment, in the order they were selected. The orders
 * are locked, so two shipments never take the same order (the unique order in shipment_orders backs this). The
 * order service moves them to in_shipment on shipment.created; shipping shows in_shipment at once and learns the
 * order service's answer from order.updated. Its driver is the one named (see driverOfNewShipment: identity is
 * asked with the caller's `authorization`), the delivery user creating it, or nobody yet.
 */
export async function createShipmentWithRoute(
  ctx: ShippingContext,
  form: CreateForm,
  creator: AuthUser,
  authorization: string,
): Promise<Shipment> {
  const orderIds = [...new Set(form.order_ids)];
  const driver = await driverOfNewShipment(ctx, creator, form.driver_email, authorization);
  try {
    return await ctx.transaction(async (manager, emit) => {
      const known = new Map((await lockOrders(manager, orderIds)).map((row) => [row.order_id, row]));
      const refused = orderIds.filter((id) => {
        const order = known.get(id);
        return order?.status !== 'confirmed' || order.shipment_id !== null;
      });
      if (refused.length) throw conflict(notReady(refused));
      const now = new Date();
      const shipmentId = randomUUID();
      const shipmentName = form.shipment_name || defaultShipmentName(now, await readSystemTimezone(manager));
      await insertShipment(manager, {
        shipment_id: shipmentId,
        shipment_name: shipmentName,
        created_by: creator.sub,
        order_ids: orderIds,
        driver,
      });
      await recordAudit(emit, {
        action: 'shipment.created',
        entity: 'shipment',
        entity_id: shipmentId,
        after: { shipment_name: shipmentName, order_ids: orderIds, driver_email: driver?.email ?? null },
      });
      await saveRequestedStatus(manager, orderIds, 'in_shipment', now.toISOString());
      await emit(ShipmentCreated, shipmentId, { shipment_id: shipmentId, order_ids: orderIds });
      return shipmentNow(manager, shipmentId);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(notReady(orderIds));
    throw err;
  }
}

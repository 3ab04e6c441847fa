import { succeeded } from '@portal/contracts';
import { SENT } from '@portal/platform';
import type { ShippingHandler } from '../../context';
import { routeSheetHtml } from '../../domain/route-sheet';
import { shippingOrderView } from '../../domain/shipment-view';
import { createShipmentWithRoute, shipmentCreated } from '../../use-cases/create-shipment';
import { changeRouteMode, lockStop, moveStop, reoptimizeRoute } from '../../use-cases/routes';
import { routeSettings, saveSettings } from '../../use-cases/settings';
import { readyOrders, shipmentList, shipmentNow } from '../../use-cases/shipments';
import { updateOrderStatus } from '../../use-cases/update-order-status';

/** GET /api/admin/ready-to-ship-orders — confirmed orders in no shipment, with their dealers; or one page. */
export const readyToShipOrders: ShippingHandler<'admin.readyToShipOrders'> = async ({ query }, ctx) => {
  const { rows, page } = await readyOrders(ctx, query);
  return succeeded({ orders: rows.map(shippingOrderView), ...page });
};

/** POST /api/admin/create-shipment */
export const createShipment: ShippingHandler<'admin.createShipment'> = async ({ body, user }, ctx) => {
  const shipment = await createShipmentWithRoute(ctx, body, user.sub);
  return succeeded({ message: shipmentCreated(shipment.total_orders), shipment_id: shipment.shipment_id, shipment });
};

/** GET /api/admin/shipments — newest first; or one page. */
export const shipments: ShippingHandler<'admin.shipments'> = async ({ query }, ctx) => {
  const { rows, page } = await shipmentList(ctx, query);
  return succeeded({ shipments: rows, ...page });
};

/** POST /api/admin/shipment/{id}/update-order-status */
export const updateShipmentOrderStatus: ShippingHandler<'admin.updateShipmentOrderStatus'> = async (
  { params, body },
  ctx,
) => {
  const shipment = await updateOrderStatus(ctx, params.id, body.order_id, body.status);
  return succeeded({
    message: `Order marked as ${body.status}`,
    order_id: body.order_id,
    status: body.status,
    shipment_status: shipment.status,
    shipment,
  });
};

/** POST /api/admin/shipment/{id}/route-mode (beyond the spec) */
export const setRouteMode: ShippingHandler<'admin.setRouteMode'> = async ({ params, body }, ctx) =>
  succeeded({ shipment: await changeRouteMode(ctx, params.id, body.mode) });

/** POST /api/admin/shipment/{id}/move-stop (beyond the spec) */
export const moveRouteStop: ShippingHandler<'admin.moveRouteStop'> = async ({ params, body }, ctx) =>
  succeeded({ shipment: await moveStop(ctx, params.id, body.dealer_id, body.direction) });

/** POST /api/admin/shipment/{id}/lock-stop (beyond the spec) */
export const lockRouteStop: ShippingHandler<'admin.lockRouteStop'> = async ({ params, body }, ctx) =>
  succeeded({ shipment: await lockStop(ctx, params.id, body.dealer_id, body.locked) });

/** POST /api/admin/shipment/{id}/optimize-route (beyond the spec) */
export const optimizeRoute: ShippingHandler<'admin.optimizeRoute'> = async ({ params }, ctx) =>
  succeeded({ message: 'Route optimized', shipment: await reoptimizeRoute(ctx, params.id) });

/** GET /api/admin/shipment/{id}/route-sheet (beyond the spec): printable HTML. */
export const routeSheet: ShippingHandler<'admin.routeSheet'> = async ({ params, res }, ctx) => {
  const shipment = await shipmentNow(ctx.db.manager, params.id);
  res.type('html').send(routeSheetHtml(shipment));
  return SENT;
};

/** GET /api/admin/shipping-settings (beyond the spec) */
export const shippingSettings: ShippingHandler<'admin.shippingSettings'> = async (_input, ctx) =>
  succeeded({ settings: await routeSettings(ctx) });

/** PUT /api/admin/shipping-settings (beyond the spec, admin only) */
export const saveShippingSettings: ShippingHandler<'admin.saveShippingSettings'> = async ({ body }, ctx) =>
  succeeded({ message: 'Shipping settings saved successfully!', settings: await saveSettings(ctx, body) });

import { succeeded } from '@portal/contracts';
import { SENT } from '@portal/platform';
import type { ShippingHandler } from '../../context';
import { shippingOrderView } from '../../domain/shipment-view';
import { createShipmentWithRoute, shipmentCreated } from '../../use-cases/create-shipment';
import { assignDriver } from '../../use-cases/drivers';
import { routeSheetOf } from '../../use-cases/route-sheet';
import { changeRouteMode, lockStop, moveStop, reoptimizeRoute } from '../../use-cases/routes';
import { routeSettings, saveSettings } from '../../use-cases/settings';
import { readyOrders, shipmentList, shipmentNow, shipmentSummaryList } from '../../use-cases/shipments';
import { updateOrderStatus } from '../../use-cases/update-order-status';
import { idempotencyKeyOf } from './delivery-proof';

/** GET /api/admin/ready-to-ship-orders — confirmed orders in no shipment, with their dealers; or one page. */
export const readyToShipOrders: ShippingHandler<'admin.readyToShipOrders'> = async ({ query }, ctx) => {
  const { rows, page } = await readyOrders(ctx, query);
  return succeeded({ orders: rows.map((order) => shippingOrderView(order)), ...page });
};

/** POST /api/admin/create-shipment */
export const createShipment: ShippingHandler<'admin.createShipment'> = async ({ body, user, req }, ctx) => {
  const shipment = await createShipmentWithRoute(ctx, body, user, req.header('authorization') ?? '');
  return succeeded({ message: shipmentCreated(shipment.total_orders), shipment_id: shipment.shipment_id, shipment });
};

/** GET /api/admin/shipments — newest first; or one page. */
export const shipments: ShippingHandler<'admin.shipments'> = async ({ query, user }, ctx) => {
  const { rows, page } = await shipmentList(ctx, user, query);
  return succeeded({ shipments: rows, ...page });
};

/** GET /api/admin/shipment-summaries (beyond the spec) — the same list as collapsed cards. */
export const shipmentSummaries: ShippingHandler<'admin.shipmentSummaries'> = async ({ query, user }, ctx) => {
  const { rows, page } = await shipmentSummaryList(ctx, user, query);
  return succeeded({ shipments: rows, ...page });
};

/** GET /api/admin/shipment/{id} (beyond the spec) — one shipment, as an expanded card shows it. */
export const shipment: ShippingHandler<'admin.shipment'> = async ({ params }, ctx) =>
  succeeded({ shipment: await shipmentNow(ctx.db.manager, params.id) });

/** POST /api/admin/shipment/{id}/assign-driver (beyond the spec, admin only) */
export const assignShipmentDriver: ShippingHandler<'admin.assignShipmentDriver'> = async (
  { params, body, user, req },
  ctx,
) =>
  succeeded({
    shipment: await assignDriver(ctx, user, params.id, body.driver_email, req.header('authorization') ?? ''),
  });

/** POST /api/admin/shipment/{id}/update-order-status */
export const updateShipmentOrderStatus: ShippingHandler<'admin.updateShipmentOrderStatus'> = async (
  { params, body, user, req },
  ctx,
) => {
  const shipment = await updateOrderStatus(ctx, user, params.id, body.order_id, body.status, idempotencyKeyOf(req));
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
  res.type('html').send(await routeSheetOf(ctx, params.id));
  return SENT;
};

/** GET /api/admin/shipping-settings (beyond the spec) */
export const shippingSettings: ShippingHandler<'admin.shippingSettings'> = async (_input, ctx) =>
  succeeded({ settings: await routeSettings(ctx) });

/** PUT /api/admin/shipping-settings (beyond the spec, admin only) */
export const saveShippingSettings: ShippingHandler<'admin.saveShippingSettings'> = async ({ body }, ctx) =>
  succeeded({ message: 'Shipping settings saved successfully!', settings: await saveSettings(ctx, body) });

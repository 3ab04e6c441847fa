import { succeeded } from '@portal/contracts';
import { badRequest } from '@portal/platform';
import type { Request } from 'express';
import type { ShippingHandler } from '../../context';
import { dealerOrderProof, recordDeliveryProof, shipmentOrderProof } from '../../use-cases/delivery-proof';
import { undoDelivery } from '../../use-cases/undo-delivery';

const MAX_IDEMPOTENCY_KEY = 200;

/**
 * The request's Idempotency-Key header (an offline phone's queue sends one per action), or null without one;
 * 400 for an empty or over-long key.
 */
export function idempotencyKeyOf(req: Request): string | null {
  const key = req.header('idempotency-key');
  if (key === undefined) return null;
  const trimmed = key.trim();
  if (!trimmed || trimmed.length > MAX_IDEMPOTENCY_KEY)
    throw badRequest(`Error: The Idempotency-Key header must be 1 to ${MAX_IDEMPOTENCY_KEY} characters`);
  return trimmed;
}

/** POST /api/admin/shipment/{id}/proof/{order_id} (beyond the spec): mark delivered with a proof (multipart). */
export const recordProof: ShippingHandler<'admin.recordDeliveryProof'> = async (
  { params, body, user, files, fileLists, req },
  ctx,
) => {
  const { proof, shipment } = await recordDeliveryProof(ctx, {
    shipmentId: params.id,
    orderId: params.order_id,
    user,
    form: body,
    uploads: { signature: files.signature, photos: fileLists.photos ?? [] },
    idempotencyKey: idempotencyKeyOf(req),
  });
  return succeeded({ message: 'Order marked as delivered', proof, shipment });
};

/** GET /api/admin/shipment/{id}/proof/{order_id} (beyond the spec): admins and the route's driver. */
export const deliveryProof: ShippingHandler<'admin.deliveryProof'> = async ({ params, user }, ctx) =>
  succeeded({ proof: await shipmentOrderProof(ctx, params.id, params.order_id, user) });

/** POST /api/admin/shipment/{id}/undo-delivery (beyond the spec) */
export const undoDeliveryMark: ShippingHandler<'admin.undoDelivery'> = async ({ params, body, user, req }, ctx) => {
  const { message, shipment } = await undoDelivery(ctx, {
    shipmentId: params.id,
    orderId: body.order_id,
    user,
    idempotencyKey: idempotencyKeyOf(req),
  });
  return succeeded({ message, shipment });
};

/** GET /api/dealer/orders/{order_id}/proof (beyond the spec): the token's dealer's own order only. */
export const dealerProof: ShippingHandler<'dealer.orderProof'> = async ({ params, user }, ctx) =>
  succeeded({ proof: await dealerOrderProof(ctx, params.order_id, user.dealerId) });

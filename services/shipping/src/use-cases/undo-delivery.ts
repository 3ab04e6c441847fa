import { DELIVERY_PROOF_MESSAGES, type Shipment, ShipmentDeliveryUndone } from '@portal/contracts';
import { type AuthUser, conflict, forbidden, notFound, recordAudit } from '@portal/platform';
import type { ShippingContext } from '../context';
import { lockCurrentDeliveryProof, markProofUndone } from '../data/delivery-proofs';
import { lockOrders, saveRequestedStatus } from '../data/known-orders';
import { lockShipment, SHIPMENT_NOT_FOUND } from '../data/shipments';
import { undoRefusal } from '../domain/delivery-proof';
import { ORDER_NOT_IN_SHIPMENT } from './delivery-proof';
import { assertMayDrive } from './drivers';
import { claimOrKept, idempotentRequest, keptOutcome } from './idempotent-requests';
import { shipmentNow } from './shipments';

/** What an undo did: kept under its Idempotency-Key to answer a replay. */
interface UndoOutcome {
  order_id: string;
  status: 'in_shipment' | 'shipped';
}

export interface UndoneDelivery {
  message: string;
  shipment: Shipment;
}

const undoneMessage = (status: UndoOutcome['status']) => `Delivery undone; the order is ${status} again`;

/**
 * The driver who marked an order delivered, or an admin, takes the mark back within
 * DELIVERY_UNDO_WINDOW_MINUTES (after that delivered is final, 409). The order returns to the status it had
 * (shipping shows it at once; shipment.delivery_undone tells the order service), the mark's row is kept with
 * who undid it and when. 403 for another driver's route or another user's mark, 409 for an order not delivered.
 * An Idempotency-Key makes a replay answer the first result.
 */
export async function undoDelivery(
  ctx: ShippingContext,
  input: { shipmentId: string; orderId: string; user: AuthUser; idempotencyKey: string | null },
): Promise<UndoneDelivery> {
  const { shipmentId, orderId, user } = input;
  const request = idempotentRequest(user.sub, input.idempotencyKey, {
    endpoint: 'admin.undoDelivery',
    shipment_id: shipmentId,
    order_id: orderId,
  });
  const kept = await keptOutcome<UndoOutcome>(ctx.db.manager, request);
  if (kept) return { message: undoneMessage(kept.status), shipment: await shipmentNow(ctx.db.manager, shipmentId) };

  const outcome = await ctx.transaction(async (manager, emit) => {
    const shipment = await lockShipment(manager, shipmentId);
    if (!shipment) throw notFound(SHIPMENT_NOT_FOUND);
    assertMayDrive(ctx, shipment, user);
    const [order] = await lockOrders(manager, [orderId]);
    if (!order || order.shipment_id !== shipmentId) throw notFound(ORDER_NOT_IN_SHIPMENT);
    const proof = await lockCurrentDeliveryProof(manager, orderId);
    if (!proof || order.status !== 'delivered') {
      // a concurrent replay waited on the shipment's lock for the first attempt to commit: answer that attempt
      const first = await keptOutcome<UndoOutcome>(manager, request);
      if (first) return first;
      throw conflict(DELIVERY_PROOF_MESSAGES.notDelivered);
    }
    const now = ctx.deps.clock();
    const refusal = undoRefusal(proof, { id: user.sub, role: user.role }, now);
    if (refusal === 'notYours') throw forbidden(DELIVERY_PROOF_MESSAGES.undoNotYours);
    if (refusal === 'windowPassed') throw conflict(DELIVERY_PROOF_MESSAGES.undoWindowPassed);
    const result: UndoOutcome = { order_id: orderId, status: proof.previous_status };
    const first = await claimOrKept(manager, request, result);
    if (first) return first;
    await markProofUndone(manager, proof.proof_id, { by: user.email, at: now });
    await recordAudit(emit, {
      action: 'delivery_proof.undone',
      entity: 'delivery_proof',
      entity_id: orderId,
      before: { order_id: orderId, status: 'delivered', undone_by: null, undone_at: null },
      after: { order_id: orderId, status: proof.previous_status, undone_by: user.email, undone_at: now },
    });
    await saveRequestedStatus(manager, [orderId], proof.previous_status, now.toISOString());
    await emit(ShipmentDeliveryUndone, orderId, {
      shipment_id: shipmentId,
      order_id: orderId,
      status: proof.previous_status,
      undone_by: user.email,
      undone_at: now.toISOString(),
    });
    return result;
  });
  return { message: undoneMessage(outcome.status), shipment: await shipmentNow(ctx.db.manager, shipmentId) };
}

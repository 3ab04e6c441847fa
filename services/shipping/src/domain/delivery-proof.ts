import {
  DELIVERY_PROOF_MESSAGES,
  DELIVERY_UNDO_WINDOW_MINUTES,
  type DeliveryProof,
  type OrderStatus,
} from '@portal/contracts';
import { deliveryChangeRefusal } from './delivery-status';

/** What the settings require of a proof of delivery. */
export interface ProofRequirements {
  proof_signature_required: boolean;
  proof_photo_required: boolean;
}

/** What a driver sent with a delivered mark. */
export interface ProofGiven {
  recipient_name: string | null | undefined;
  has_signature: boolean;
  photo_count: number;
}

/**
 * Why a proof is incomplete, or null when it is enough: the recipient's name is always asked for (a signature
 * without a name says little, and a name alone is the least a handover leaves); a signature and a photo as the
 * settings say.
 */
export function missingProofRefusal(settings: ProofRequirements, given: ProofGiven): string | null {
  if (!given.recipient_name?.trim()) return DELIVERY_PROOF_MESSAGES.recipientRequired;
  if (settings.proof_signature_required && !given.has_signature) return DELIVERY_PROOF_MESSAGES.signatureRequired;
  if (settings.proof_photo_required && given.photo_count === 0) return DELIVERY_PROOF_MESSAGES.photoRequired;
  return null;
}

export const ORDER_CANCELLED =
  'Error: This order was cancelled while the delivery was pending; it can no longer be marked shipped or delivered';

/**
 * Why an order with this status may not be marked `to` from a route, or null when it may: a cancelled order is
 * told as such (an offline phone sends its mark after the cancel, and the driver must learn why it was refused);
 * otherwise the transitions of 001 §4.
 */
export function deliveryMarkRefusal(status: OrderStatus, to: 'shipped' | 'delivered'): string | null {
  if (status === 'cancelled') return ORDER_CANCELLED;
  return deliveryChangeRefusal(status, to);
}

const MINUTE_MS = 60_000;

/** Until when a delivered mark recorded at `recordedAt` may be undone. */
export const undoDeadline = (recordedAt: Date): Date =>
  new Date(recordedAt.getTime() + DELIVERY_UNDO_WINDOW_MINUTES * MINUTE_MS);

/** The undo deadline while it is still ahead of `now`, else null (delivered is final). */
export function openUndoDeadline(recordedAt: Date, now: Date): Date | null {
  const deadline = undoDeadline(recordedAt);
  return now.getTime() < deadline.getTime() ? deadline : null;
}

export type UndoRefusal = 'notYours' | 'windowPassed';

/**
 * Why `actor` may not undo the delivered mark recorded by `recordedById` at `recordedAt`, or null when they may:
 * only the user who marked it, or an admin, and only within DELIVERY_UNDO_WINDOW_MINUTES.
 */
export function undoRefusal(
  mark: { recorded_by_id: string; recorded_at: Date },
  actor: { id: string; role: string },
  now: Date,
): UndoRefusal | null {
  if (actor.role !== 'admin' && actor.id !== mark.recorded_by_id) return 'notYours';
  if (!openUndoDeadline(mark.recorded_at, now)) return 'windowPassed';
  return null;
}

/** A proof of delivery as its readers see it, with its image links already signed. */
export function deliveryProofView(
  proof: {
    shipment_id: string;
    order_id: string;
    recipient_name: string | null;
    notes: string | null;
    latitude: number | null;
    longitude: number | null;
    captured_at: Date;
    recorded_at: Date;
    recorded_by: string;
    undone_at: Date | null;
  },
  links: { signature_url: string | null; photo_urls: string[] },
  now: Date,
): DeliveryProof {
  return {
    shipment_id: proof.shipment_id,
    order_id: proof.order_id,
    // the order number of 001 §9 (orderNumber in shipment-view, which imports this module)
    order_number: proof.order_id.slice(-8).toUpperCase(),
    recipient_name: proof.recipient_name,
    notes: proof.notes,
    latitude: proof.latitude,
    longitude: proof.longitude,
    captured_at: proof.captured_at.toISOString(),
    recorded_at: proof.recorded_at.toISOString(),
    delivered_by: proof.recorded_by,
    signature_url: links.signature_url,
    photo_urls: links.photo_urls,
    undo_until: proof.undone_at ? null : (openUndoDeadline(proof.recorded_at, now)?.toISOString() ?? null),
  };
}

/** When the delivery happened: the device's time, but never after the server heard of it (a clock ahead). */
export function capturedAt(deviceTime: string | undefined, now: Date): Date {
  if (!deviceTime) return now;
  const at = new Date(deviceTime);
  return at.getTime() > now.getTime() ? now : at;
}

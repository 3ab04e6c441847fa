import { randomUUID } from 'node:crypto';
import {
  DELIVERY_PROOF_MESSAGES,
  DeliveryPhotosUpload,
  type DeliveryProof,
  type DeliveryProofRequest,
  DeliverySignatureUpload,
  type Shipment,
  ShipmentOrderStatusChanged,
} from '@portal/contracts';
import {
  type AuthUser,
  badRequest,
  conflict,
  type Emit,
  notFound,
  recordAudit,
  reencodeImage,
  reencodeUpload,
  type UploadedFile,
} from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { ShippingContext } from '../context';
import {
  currentDeliveryProof,
  type DeliveryProofRecord,
  findDeliveryProof,
  insertDeliveryProof,
  type NewDeliveryProof,
} from '../data/delivery-proofs';
import { lockOrders, saveRequestedStatus } from '../data/known-orders';
import { readRouteSettings } from '../data/route-settings';
import { findShipment, lockShipment, SHIPMENT_NOT_FOUND } from '../data/shipments';
import { capturedAt, deliveryMarkRefusal, deliveryProofView, missingProofRefusal } from '../domain/delivery-proof';
import type { ShipmentRecord } from '../domain/shipment-view';
import { recordDepartureIfFirst } from './departure';
import { assertMayDrive } from './drivers';
import { claimOrKept, type IdempotentRequest, idempotentRequest, keptOutcome } from './idempotent-requests';
import { proofImageLinks } from './proof-images';
import { shipmentNow } from './shipments';

export const ORDER_NOT_IN_SHIPMENT = 'Error: This order is not in this shipment';

/** The largest signature an event carries (the order service keeps it for the invoice and My Orders). */
const EVENT_SIGNATURE_MAX_BYTES = 64 * 1024;

/**
 * The order's status before a mark, after checking it may be marked `to` from this shipment: 409 explaining a
 * cancelled order (checked first: a cancelled order has left its shipment), 404 for an order of another
 * shipment, 409 with the transition's refusal. The order row is locked until the transaction ends.
 */
export async function lockOrderForMark(
  manager: EntityManager,
  shipmentId: string,
  orderId: string,
  to: 'shipped' | 'delivered',
): Promise<'in_shipment' | 'shipped'> {
  const [order] = await lockOrders(manager, [orderId]);
  if (order?.status === 'cancelled') throw conflict(deliveryMarkRefusal(order.status, to) ?? '');
  if (!order || order.shipment_id !== shipmentId) throw notFound(ORDER_NOT_IN_SHIPMENT);
  const refusal = deliveryMarkRefusal(order.status, to);
  if (refusal) throw conflict(refusal);
  return order.status as 'in_shipment' | 'shipped';
}

/** What a delivered mark records beside the order: the proof, when one was taken. */
export type DeliveryMark = Pick<
  NewDeliveryProof,
  'recipient_name' | 'notes' | 'latitude' | 'longitude' | 'signature_key' | 'photo_keys' | 'captured_at'
> & { signature_png_base64: string | null };

/** A mark without proof (the plain update-order-status): its row holds only who and when. */
const noProof = (at: Date): DeliveryMark => ({
  recipient_name: null,
  notes: null,
  latitude: null,
  longitude: null,
  signature_key: null,
  photo_keys: [],
  captured_at: at,
  signature_png_base64: null,
});

/**
 * Marks an order of a locked shipment delivered, in the caller's transaction: a delivery_proofs row (so the mark
 * can be undone, and is recorded when it is), the status shipping shows at once, shipment.order_status_changed
 * (with the delivery in brief for the order service when a proof was taken: `proof` null is the plain mark), and
 * the route's departure if this is its first mark.
 */
export async function markDelivered(
  manager: EntityManager,
  emit: Emit,
  mark: {
    proofId: string;
    shipment: ShipmentRecord;
    orderId: string;
    previousStatus: 'in_shipment' | 'shipped';
    user: Pick<AuthUser, 'sub' | 'email'>;
    now: Date;
    proof: DeliveryMark | null;
  },
): Promise<void> {
  const { shipment, orderId, now } = mark;
  const proof = mark.proof ?? noProof(now);
  const { signature_png_base64, ...kept } = proof;
  await insertDeliveryProof(manager, {
    proof_id: mark.proofId,
    shipment_id: shipment.shipment_id,
    order_id: orderId,
    previous_status: mark.previousStatus,
    recorded_by_id: mark.user.sub,
    recorded_by: mark.user.email,
    recorded_at: now,
    ...kept,
  });
  await saveRequestedStatus(manager, [orderId], 'delivered', now.toISOString());
  await recordAudit(emit, {
    action: 'delivery_proof.recorded',
    entity: 'delivery_proof',
    // keyed by the order (a proof stands for its order's delivery), so the order's History can show it
    entity_id: orderId,
    after: {
      proof_id: mark.proofId,
      shipment_id: shipment.shipment_id,
      order_id: orderId,
      status: 'delivered',
      previous_status: mark.previousStatus,
      ...kept,
    },
  });
  await emit(ShipmentOrderStatusChanged, orderId, {
    shipment_id: shipment.shipment_id,
    order_id: orderId,
    status: 'delivered',
    ...(mark.proof && {
      delivery: {
        delivered_at: proof.captured_at.toISOString(),
        recipient_name: proof.recipient_name,
        signature_png_base64,
      },
    }),
  });
  await recordDepartureIfFirst(manager, emit, shipment, now);
}

export type ProofForm = z.output<typeof DeliveryProofRequest>;

export interface ProofUploads {
  signature: UploadedFile | undefined;
  photos: readonly UploadedFile[];
}

interface StoredImages {
  signature_key: string | null;
  photo_keys: string[];
  signature_png_base64: string | null;
}

/**
 * The signature as a small PNG for the event (≤ 64 KB): grey, few colours, smaller boxes until it fits; null in
 * the unlikely case that even the smallest does not (the stored signature still stands).
 */
async function eventSignature(signature: Buffer): Promise<string | null> {
  for (const [maxWidth, maxHeight, colours] of [
    [600, 200, 16],
    [300, 100, 4],
  ] as const) {
    const small = await reencodeImage(signature, { format: 'png', maxWidth, maxHeight, grayscale: true, colours });
    if (small.buffer.length <= EVENT_SIGNATURE_MAX_BYTES) return small.buffer.toString('base64');
  }
  return null;
}

/**
 * Re-encodes the images (only pixels are kept: no metadata, nothing hidden) and puts them in the store under
 * the proof's id: the signature as a grey PNG of at most 1200×400, each photo as a JPEG of at most 1600 px.
 */
async function storeProofImages(ctx: ShippingContext, proofId: string, uploads: ProofUploads): Promise<StoredImages> {
  const images: { key: string; buffer: Buffer; contentType: string }[] = [];
  let signature_key: string | null = null;
  let signature_png_base64: string | null = null;
  if (uploads.signature) {
    const png = await reencodeUpload(uploads.signature, DeliverySignatureUpload, {
      format: 'png',
      maxWidth: 1200,
      maxHeight: 400,
      grayscale: true,
    });
    signature_key = `delivery-proofs/${proofId}/signature.png`;
    images.push({ key: signature_key, buffer: png.buffer, contentType: png.contentType });
    signature_png_base64 = await eventSignature(png.buffer);
  }
  for (const [index, photo] of uploads.photos.entries()) {
    const jpeg = await reencodeUpload(photo, DeliveryPhotosUpload, { format: 'jpeg', maxWidth: 1600, maxHeight: 1600 });
    images.push({
      key: `delivery-proofs/${proofId}/photo-${index + 1}.jpg`,
      buffer: jpeg.buffer,
      contentType: jpeg.contentType,
    });
  }
  const put: string[] = [];
  try {
    for (const image of images) {
      await ctx.objects.put(image.key, image.buffer, image.contentType);
      put.push(image.key);
    }
  } catch (err) {
    await removeQuietly(ctx, put);
    throw err;
  }
  return {
    signature_key,
    photo_keys: images.map((image) => image.key).filter((key) => key !== signature_key),
    signature_png_base64,
  };
}

async function removeQuietly(ctx: ShippingContext, keys: readonly (string | null)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await ctx.objects.remove(key);
    } catch (err) {
      // an orphan image harms nobody (no link names it); the failure is logged for the housekeeper
      ctx.logger.warn({ err, key }, 'could not remove an unused proof image');
    }
  }
}

/** What recording a proof did: kept under its Idempotency-Key to answer a replay. */
interface ProofOutcome {
  proof_id: string;
}

export interface RecordedProof {
  proof: DeliveryProof;
  shipment: Shipment;
}

/**
 * A driver (or an admin) marks an order delivered with its proof. Checked before anything is stored: the
 * proof's required parts (400), the shipment (404), the route's driver (403), the order's status (409). The
 * images are re-encoded and stored, then one transaction checks again under lock, records the proof and marks
 * the order delivered. An Idempotency-Key makes a replay of the same request answer the first result and change
 * nothing; the same key with another request is refused (422).
 */
export async function recordDeliveryProof(
  ctx: ShippingContext,
  input: {
    shipmentId: string;
    orderId: string;
    user: AuthUser;
    form: ProofForm;
    uploads: ProofUploads;
    idempotencyKey: string | null;
  },
): Promise<RecordedProof> {
  const { shipmentId, orderId, user, form, uploads } = input;
  const request = idempotentRequest(user.sub, input.idempotencyKey, {
    endpoint: 'admin.recordDeliveryProof',
    shipment_id: shipmentId,
    order_id: orderId,
    form,
    signature: uploads.signature?.buffer ?? null,
    photos: uploads.photos.map((photo) => photo.buffer),
  });
  const manager = ctx.db.manager;
  const kept = await keptOutcome<ProofOutcome>(manager, request);
  if (kept) return recordedProof(ctx, kept.proof_id);

  const settings = await readRouteSettings(manager);
  const missing = missingProofRefusal(settings, {
    recipient_name: form.recipient_name,
    has_signature: uploads.signature !== undefined,
    photo_count: uploads.photos.length,
  });
  if (missing) throw badRequest(missing);
  // the same checks as the transaction's, before any image work: a refused mark stores nothing
  const shipment = await findShipment(manager, shipmentId);
  if (!shipment) throw notFound(SHIPMENT_NOT_FOUND);
  assertMayDrive(ctx, shipment, user);
  await lockOrderForMark(manager, shipmentId, orderId, 'delivered');

  const proofId = randomUUID();
  const images = await storeProofImages(ctx, proofId, uploads);
  let outcome: ProofOutcome;
  try {
    outcome = await ctx.transaction((tx, emit) => markWithProof(ctx, tx, emit, { ...input, request, proofId, images }));
  } catch (err) {
    await removeQuietly(ctx, [images.signature_key, ...images.photo_keys]);
    throw err;
  }
  // a concurrent replay recorded it first: ours is not needed
  if (outcome.proof_id !== proofId) await removeQuietly(ctx, [images.signature_key, ...images.photo_keys]);
  return recordedProof(ctx, outcome.proof_id);
}

async function markWithProof(
  ctx: ShippingContext,
  manager: EntityManager,
  emit: Emit,
  input: {
    shipmentId: string;
    orderId: string;
    user: AuthUser;
    form: ProofForm;
    request: IdempotentRequest | null;
    proofId: string;
    images: StoredImages;
  },
): Promise<ProofOutcome> {
  const kept = await claimOrKept<ProofOutcome>(manager, input.request, { proof_id: input.proofId });
  if (kept) return kept;
  const shipment = await lockShipment(manager, input.shipmentId);
  if (!shipment) throw notFound(SHIPMENT_NOT_FOUND);
  assertMayDrive(ctx, shipment, input.user);
  const previousStatus = await lockOrderForMark(manager, input.shipmentId, input.orderId, 'delivered');
  const now = ctx.deps.clock();
  const { form, images } = input;
  await markDelivered(manager, emit, {
    proofId: input.proofId,
    shipment,
    orderId: input.orderId,
    previousStatus,
    user: input.user,
    now,
    proof: {
      recipient_name: form.recipient_name ?? null,
      notes: form.notes ?? null,
      latitude: form.latitude ?? null,
      longitude: form.longitude ?? null,
      captured_at: capturedAt(form.captured_at, now),
      ...images,
    },
  });
  return { proof_id: input.proofId };
}

/** The proof just recorded (or recorded by the first of its replays), with the shipment as it is now. */
async function recordedProof(ctx: ShippingContext, proofId: string): Promise<RecordedProof> {
  const proof = await findDeliveryProof(ctx.db.manager, proofId);
  if (!proof) throw notFound(DELIVERY_PROOF_MESSAGES.proofNotFound);
  return { proof: proofOf(ctx, proof), shipment: await shipmentNow(ctx.db.manager, proof.shipment_id) };
}

/** A proof as its readers see it, its image links signed now. */
export function proofOf(ctx: ShippingContext, proof: DeliveryProofRecord): DeliveryProof {
  const now = ctx.deps.clock();
  return deliveryProofView(proof, proofImageLinks(ctx.deps.proofImageTokens, proof, now), now);
}

/**
 * An order's current proof for an admin or the shipment's driver: 404 for an unknown shipment, 403 for a
 * delivery user on another driver's route, 404 proofNotFound when the order of this shipment has none.
 */
export async function shipmentOrderProof(
  ctx: ShippingContext,
  shipmentId: string,
  orderId: string,
  user: AuthUser,
): Promise<DeliveryProof> {
  const shipment = await findShipment(ctx.db.manager, shipmentId);
  if (!shipment) throw notFound(SHIPMENT_NOT_FOUND);
  assertMayDrive(ctx, shipment, user);
  const proof = await currentDeliveryProof(ctx.db.manager, orderId);
  if (!proof || proof.shipment_id !== shipmentId) throw notFound(DELIVERY_PROOF_MESSAGES.proofNotFound);
  return proofOf(ctx, proof);
}

/**
 * The current proof of a dealer's own order. Another dealer's order, or one without a proof, answers the same
 * 404: nobody learns that someone else's order exists.
 */
export async function dealerOrderProof(
  ctx: ShippingContext,
  orderId: string,
  dealerId: string | null,
): Promise<DeliveryProof> {
  const proof = dealerId ? await currentDeliveryProof(ctx.db.manager, orderId, dealerId) : null;
  if (!proof) throw notFound(DELIVERY_PROOF_MESSAGES.proofNotFound);
  return proofOf(ctx, proof);
}

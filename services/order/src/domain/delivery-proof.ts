import type { PayloadOfType } from '@portal/contracts';

/** What an order keeps of a driver's proof of delivery. */
export interface DeliveryProof {
  /** ISO 8601 */
  delivered_at: string;
  delivered_to: string | null;
  signature_png: Buffer | null;
}

/** The largest signature kept: the event promises a PNG of at most 64 KB. */
export const MAX_SIGNATURE_BYTES = 64 * 1024;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The signature's PNG bytes, or null when it is missing, not a PNG or larger than 64 KB (it is then not kept). */
export function signaturePng(base64: string | null): Buffer | null {
  if (!base64) return null;
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_SIGNATURE_BYTES || !bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return null;
  return bytes;
}

/**
 * The proof carried by shipment.order_status_changed, as the order keeps it: the recipient's name trimmed (blank
 * is no name), the time as sent (the event's own time when it is not a time), the signature only when it is a
 * PNG within its size. Bad parts are dropped rather than refused: the delivery itself happened.
 */
export function deliveryProof(
  delivery: NonNullable<PayloadOfType<'shipment.order_status_changed'>['delivery']>,
  occurredAt: string,
): DeliveryProof {
  const at = Date.parse(delivery.delivered_at);
  return {
    delivered_at: new Date(Number.isNaN(at) ? Date.parse(occurredAt) : at).toISOString(),
    delivered_to: delivery.recipient_name?.trim() || null,
    signature_png: signaturePng(delivery.signature_png_base64),
  };
}

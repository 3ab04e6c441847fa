import { readSystemTimezone } from '@portal/platform';
import type { ShippingContext } from '../context';
import { currentSignaturesOfShipment } from '../data/delivery-proofs';
import { routeSheetHtml } from '../domain/route-sheet';
import { shipmentNow } from './shipments';

async function bytesOf(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The printable route sheet of a shipment, with each delivered order's time (in the system timezone), recipient
 * and signature (read from the store; a missing image leaves the line without it).
 */
export async function routeSheetOf(ctx: ShippingContext, shipmentId: string): Promise<string> {
  const manager = ctx.db.manager;
  const shipment = await shipmentNow(manager, shipmentId);
  const signatures = new Map<string, Buffer>();
  for (const { order_id, signature_key } of await currentSignaturesOfShipment(manager, shipmentId)) {
    const object = await ctx.objects.get(signature_key);
    if (object) signatures.set(order_id, object.bytes ?? (await bytesOf(object.body)));
  }
  return routeSheetHtml(shipment, { timeZone: await readSystemTimezone(manager), signatures });
}

import { DELIVERY_PROOF_MESSAGES } from '@portal/contracts';
import { serveObject } from '@portal/platform';
import type { ShippingHandler } from '../../context';
import { openProofImage } from '../../use-cases/proof-images';

/**
 * GET /api/public/delivery-proof-images/{token} (beyond the spec): a proof's signature or photo through a signed
 * link (an <img> sends no bearer token); never cached, as the proof may be undone.
 */
export const deliveryProofImage: ShippingHandler<'public.deliveryProofImage'> = async ({ params, res }, ctx) => {
  const key = await openProofImage(ctx, params.token);
  return serveObject(res, ctx.objects, key, {
    notFound: DELIVERY_PROOF_MESSAGES.proofNotFound,
    cacheControl: 'private, no-store',
  });
};

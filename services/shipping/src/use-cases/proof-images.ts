import { DELIVERY_PROOF_MESSAGES, endpoints } from '@portal/contracts';
import {
  createDownloadTokens,
  type DownloadTokens,
  downloadSigningKey,
  notFound,
  type ServiceContext,
} from '@portal/platform';
import type { ShippingConfig } from '../config';
import type { ShippingContext } from '../context';
import { type DeliveryProofRecord, findDeliveryProof } from '../data/delivery-proofs';

/** How long a proof image link works: long enough to look at a proof, short enough not to be a lasting address. */
export const PROOF_IMAGE_LINK_SECONDS = 15 * 60;

/**
 * The signer of proof image links of one running shipping service: the key is read once, at start, so a missing
 * one is told then (and production has refused to start).
 */
export function proofImageTokens({ config, logger }: ServiceContext<ShippingConfig>): DownloadTokens {
  const key = downloadSigningKey(config, () =>
    logger.warn('DOWNLOAD_SIGNING_KEY is not set: proof image links use a random key and end with this process'),
  );
  return createDownloadTokens({ key, ttlSeconds: PROOF_IMAGE_LINK_SECONDS, purpose: 'delivery-proof-image' });
}

const IMAGE_PATH = endpoints['public.deliveryProofImage'].path.replace('{token}', '');
const SIGNATURE = 'signature';
const PHOTO = /^photo([1-9][0-9]?)$/;

/** The signed links of a proof's images, valid from `now` for PROOF_IMAGE_LINK_SECONDS. */
export function proofImageLinks(
  tokens: DownloadTokens,
  proof: Pick<DeliveryProofRecord, 'proof_id' | 'signature_key' | 'photo_keys'>,
  now: Date,
): { signature_url: string | null; photo_urls: string[] } {
  const link = (part: string) => IMAGE_PATH + tokens.sign(`${proof.proof_id}_${part}`, now);
  return {
    signature_url: proof.signature_key ? link(SIGNATURE) : null,
    photo_urls: proof.photo_keys.map((_key, index) => link(`photo${index + 1}`)),
  };
}

/**
 * The object key a signed image link opens. 403 for an altered link, 410 for an expired one, 404 when the
 * proof was undone meanwhile (an undone proof is forgotten by everyone but the record).
 */
export async function openProofImage(ctx: ShippingContext, token: string): Promise<string> {
  const subject = ctx.deps.proofImageTokens.verify(token, ctx.deps.clock());
  const cut = subject.lastIndexOf('_');
  const proofId = subject.slice(0, cut);
  const part = subject.slice(cut + 1);
  const proof = cut > 0 ? await findDeliveryProof(ctx.db.manager, proofId) : null;
  if (!proof || proof.undone_at) throw notFound(DELIVERY_PROOF_MESSAGES.proofNotFound);
  const photo = PHOTO.exec(part);
  const key = part === SIGNATURE ? proof.signature_key : photo ? proof.photo_keys[Number(photo[1]) - 1] : undefined;
  if (!key) throw notFound(DELIVERY_PROOF_MESSAGES.proofNotFound);
  return key;
}

import { type FilePart, HeaderImageUpload } from '@portal/contracts';
import { type AuthUser, forbidden, reencodeUpload, type StoredObject, type UploadedFile } from '@portal/platform';
import type { DealerContext } from '../context';
import {
  getHeaderImageFile,
  markHeaderImageRemoved,
  markHeaderImageStored,
  publicHeaderImageVersion,
  putHeaderImageFile,
  removeHeaderImageFile,
} from '../data/header-image';
import { changeDealerAudited } from './audited-change';
import { ownDealer } from './own-dealer';

/** A header image is shown at most page-wide on a large screen: a bigger upload is scaled down to this box. */
const HEADER_IMAGE_BOX = { maxWidth: 2400, maxHeight: 2400 };

/**
 * What is stored and served of an uploaded header image: its pixels only, decoded and encoded again (PNG when it
 * has transparency, JPEG otherwise) within the pixel limit, so no decompression bomb, hidden script or EXIF (GPS)
 * metadata of the upload is ever published. Bytes that do not decode are refused with 415.
 */
export function reencodedHeaderImage(upload: UploadedFile, part: FilePart) {
  return reencodeUpload(upload, part, { format: 'auto', ...HEADER_IMAGE_BOX });
}

/**
 * The signed-in dealer's new header image (checked by content and size by the router); the form's dealer_id,
 * when sent, must be the token's own. Answers the image's URL.
 */
export async function uploadOwnHeaderImage(
  ctx: DealerContext,
  user: AuthUser,
  formDealerId: string | undefined,
  image: UploadedFile,
): Promise<string> {
  const current = await ownDealer(ctx.db.manager, user);
  if (formDealerId !== undefined && formDealerId !== current.dealer_id)
    throw forbidden('Error: You can only change your own header image');
  await putHeaderImageFile(ctx.objects, current.dealer_id, await reencodedHeaderImage(image, HeaderImageUpload));
  const dealer = await changeDealerAudited(ctx, current.dealer_id, 'dealer.header_image_changed', (manager, emit) =>
    markHeaderImageStored(manager, emit, current.dealer_id),
  );
  if (!dealer.header_image_url) throw new Error('a stored header image has no URL'); // the version was just set
  return dealer.header_image_url;
}

export async function deleteOwnHeaderImage(ctx: DealerContext, user: AuthUser): Promise<void> {
  const current = await ownDealer(ctx.db.manager, user);
  await changeDealerAudited(ctx, current.dealer_id, 'dealer.header_image_removed', (manager) =>
    markHeaderImageRemoved(manager, current.dealer_id),
  );
  await removeHeaderImageFile(ctx, current.dealer_id);
}

/** The header image an active dealer shows, with its version (its ETag); null when there is none to show. */
export async function publicHeaderImage(
  ctx: DealerContext,
  dealerId: string,
): Promise<{ version: string; open: () => Promise<StoredObject | null> } | null> {
  const version = await publicHeaderImageVersion(ctx.db.manager, dealerId);
  return version ? { version, open: () => getHeaderImageFile(ctx.objects, dealerId) } : null;
}

import { type AuthUser, forbidden, type StoredObject, type UploadedFile } from '@portal/platform';
import type { DealerContext } from '../context';
import {
  getHeaderImageFile,
  markHeaderImageRemoved,
  markHeaderImageStored,
  publicHeaderImageVersion,
  putHeaderImageFile,
  removeHeaderImageFile,
} from '../data/header-image';
import { ownDealer } from './own-dealer';

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
  await putHeaderImageFile(ctx.objects, current.dealer_id, image);
  const dealer = await ctx.transaction((manager, emit) => markHeaderImageStored(manager, emit, current.dealer_id));
  if (!dealer.header_image_url) throw new Error('a stored header image has no URL'); // the version was just set
  return dealer.header_image_url;
}

export async function deleteOwnHeaderImage(ctx: DealerContext, user: AuthUser): Promise<void> {
  const current = await ownDealer(ctx.db.manager, user);
  await markHeaderImageRemoved(ctx.db.manager, current.dealer_id);
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

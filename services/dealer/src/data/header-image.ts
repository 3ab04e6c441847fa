import type { UploadedFile } from '@portal/platform';
import type { DealerContext } from '../context';
import { saveDealerChanges } from './dealers';

/** Where a dealer's header image is kept in the object store. */
export const headerImageKey = (dealerId: string) => `dealers/${dealerId}/header`;

/**
 * Stores a header image (already checked by content and size) and points the dealer at it; the new version
 * gives it a new URL, so no cache shows the old one. Answers the dealer as saved.
 */
export async function storeHeaderImage(ctx: DealerContext, dealerId: string, image: UploadedFile) {
  await ctx.objects.put(headerImageKey(dealerId), image.buffer, image.contentType);
  return ctx.transaction((manager, emit) =>
    saveDealerChanges(manager, emit, dealerId, { header_image_version: Date.now() }),
  );
}

/** Removes the header image; a published website without one is taken offline (it is no longer publish-ready). */
export async function removeHeaderImage(ctx: DealerContext, dealerId: string) {
  await ctx.db.query(
    'UPDATE dealers SET header_image_version = NULL, enable_website = false, updated_at = now() WHERE dealer_id = $1',
    [dealerId],
  );
  await ctx.objects.remove(headerImageKey(dealerId));
}

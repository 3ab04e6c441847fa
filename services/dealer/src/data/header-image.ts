import type { Dealer } from '@portal/contracts';
import type { Emit, ObjectStore, StoredObject } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { DealerContext } from '../context';
import { saveDealerChanges } from './dealers';

/** Where a dealer's header image is kept in the object store. */
export const headerImageKey = (dealerId: string) => `dealers/${dealerId}/header`;

/** Stores the image file (already re-encoded: see reencodedHeaderImage). */
export function putHeaderImageFile(
  objects: ObjectStore,
  dealerId: string,
  image: { buffer: Buffer; contentType: string },
): Promise<void> {
  return objects.put(headerImageKey(dealerId), image.buffer, image.contentType);
}

/** Points the dealer at its newly stored image: the new version gives it a new URL, so no cache shows the old one. */
export function markHeaderImageStored(manager: EntityManager, emit: Emit, dealerId: string): Promise<Dealer> {
  return saveDealerChanges(manager, emit, dealerId, { header_image_version: Date.now() });
}

/** Forgets the image; a published website without one is taken offline (it is no longer publish-ready). */
export async function markHeaderImageRemoved(manager: EntityManager, dealerId: string): Promise<void> {
  await manager.query(
    'UPDATE dealers SET header_image_version = NULL, enable_website = false, updated_at = now() WHERE dealer_id = $1',
    [dealerId],
  );
}

export function removeHeaderImageFile(ctx: DealerContext, dealerId: string): Promise<void> {
  return ctx.objects.remove(headerImageKey(dealerId));
}

/** The version of the image an active dealer shows publicly; null when none is shown. */
export async function publicHeaderImageVersion(manager: EntityManager, dealerId: string): Promise<string | null> {
  const rows: { version: string }[] = await manager.query(
    `SELECT header_image_version::text AS version FROM dealers
     WHERE dealer_id = $1 AND status = 'active' AND header_image_version IS NOT NULL`,
    [dealerId],
  );
  return rows[0]?.version ?? null;
}

export function getHeaderImageFile(objects: ObjectStore, dealerId: string): Promise<StoredObject | null> {
  return objects.get(headerImageKey(dealerId));
}

import { badRequest, forbidden } from '@portal/platform';
import type { DealerHandler } from '../../context';
import { removeHeaderImage, storeHeaderImage } from '../../data/header-image';
import { ownDealer } from './own-dealer';

/**
 * POST /api/dealer/upload-header-image — the router has checked the image by content and size; the form's
 * dealer_id, when sent, must be the token's own.
 */
export const uploadHeaderImage: DealerHandler<'dealer.uploadHeaderImage'> = async ({ user, body, files }, ctx) => {
  const current = await ownDealer(ctx.db.manager, user);
  if (body.dealer_id !== undefined && body.dealer_id !== current.dealer_id) {
    throw forbidden('Error: You can only change your own header image');
  }
  const image = files.image;
  if (!image) throw badRequest('Error: Please select an image first'); // the router already requires it
  const dealer = await storeHeaderImage(ctx, current.dealer_id, image);
  return {
    success: true as const,
    message: 'Image uploaded successfully!',
    header_image_url: dealer.header_image_url as string,
  };
};

/** DELETE /api/dealer/delete-header-image */
export const deleteHeaderImage: DealerHandler<'dealer.deleteHeaderImage'> = async ({ user }, ctx) => {
  const current = await ownDealer(ctx.db.manager, user);
  await removeHeaderImage(ctx, current.dealer_id);
  return { success: true as const, message: 'Header image deleted successfully!' };
};

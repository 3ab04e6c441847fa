import { succeeded } from '@portal/contracts';
import { badRequest } from '@portal/platform';
import type { DealerHandler } from '../../context';
import { deleteOwnHeaderImage, uploadOwnHeaderImage } from '../../use-cases/header-image';

/** POST /api/dealer/upload-header-image — the router has checked the image by content and size. */
export const uploadHeaderImage: DealerHandler<'dealer.uploadHeaderImage'> = async ({ user, body, files }, ctx) => {
  const image = files.image;
  if (!image) throw badRequest('Error: Please select an image first'); // the router already requires it
  return succeeded({
    message: 'Image uploaded successfully!',
    header_image_url: await uploadOwnHeaderImage(ctx, user, body.dealer_id, image),
  });
};

/** DELETE /api/dealer/delete-header-image */
export const deleteHeaderImage: DealerHandler<'dealer.deleteHeaderImage'> = async ({ user }, ctx) => {
  await deleteOwnHeaderImage(ctx, user);
  return succeeded({ message: 'Header image deleted successfully!' });
};

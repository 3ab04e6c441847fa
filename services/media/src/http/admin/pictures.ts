import { PictureUpload, succeeded } from '@portal/contracts';
import { badRequest } from '@portal/platform';
import type { MediaHandler } from '../../context';
import { PICTURE_DELETED, PICTURE_UPLOADED } from '../../use-cases/messages';
import { deletePicture, pictureLibrary } from '../../use-cases/picture-library';
import { uploadPicture } from '../../use-cases/upload-picture';

/** GET /api/admin/pictures — the whole library, or one page of it. */
export const adminPictures: MediaHandler<'admin.pictures'> = async ({ query }, ctx) => {
  const { rows, page } = await pictureLibrary(ctx, query);
  return succeeded({ pictures: rows, ...page });
};

/** POST /api/admin/upload-picture — the router has checked the picture by content and size, and the title. */
export const uploadPictureHandler: MediaHandler<'admin.uploadPicture'> = async ({ body, files }, ctx) => {
  const picture = files[PictureUpload.field];
  if (!picture) throw badRequest(PictureUpload.messages.missing ?? 'Error: Please select a file first'); // required by the router
  return succeeded({ message: PICTURE_UPLOADED, picture: await uploadPicture(ctx, body, picture) });
};

/** DELETE /api/admin/delete-picture/{picture_id} */
export const deletePictureHandler: MediaHandler<'admin.deletePicture'> = async ({ params }, ctx) => {
  await deletePicture(ctx, params.picture_id);
  return succeeded({ message: PICTURE_DELETED });
};

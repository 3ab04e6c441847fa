import { succeeded } from '@portal/contracts';
import type { MediaHandler } from '../../context';
import { pictureDownloadLink } from '../../use-cases/picture-downloads';
import { pictureLibrary } from '../../use-cases/picture-library';

/** GET /api/dealer/available-pictures */
export const availablePictures: MediaHandler<'dealer.availablePictures'> = async (_input, ctx) =>
  succeeded({ pictures: (await pictureLibrary(ctx)).rows });

/** POST /api/dealer/download-picture/{picture_id} */
export const downloadPicture: MediaHandler<'dealer.downloadPicture'> = async ({ params }, ctx) =>
  succeeded(await pictureDownloadLink(ctx, params.picture_id));

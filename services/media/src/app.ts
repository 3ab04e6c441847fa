import { defineService } from '@portal/platform';
import { MediaConfig } from './config';
import { Pictures1765100000000 } from './data/migrations/1765100000000-pictures';
import { PictureList1767400000000 } from './data/migrations/1767400000000-picture-list';
import { mediaDependencies } from './dependencies';
import { adminPictures, deletePictureHandler, uploadPictureHandler } from './http/admin/pictures';
import { availablePictures, downloadPicture } from './http/dealer/pictures';
import { pictureDownload, pictureFile } from './http/public/picture-files';

export const mediaService = defineService({
  name: 'media',
  config: MediaConfig,
  migrations: [Pictures1765100000000, PictureList1767400000000],
  dependencies: mediaDependencies,
  handlers: {
    'admin.pictures': adminPictures,
    'admin.uploadPicture': uploadPictureHandler,
    'admin.deletePicture': deletePictureHandler,
    'dealer.availablePictures': availablePictures,
    'dealer.downloadPicture': downloadPicture,
    'public.pictureFile': pictureFile,
    'public.pictureDownload': pictureDownload,
  },
});

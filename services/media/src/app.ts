import { defineService, notImplemented } from '@portal/platform';

const RELEASE = 'the picture library release';

export const mediaService = defineService({
  name: 'media',
  migrations: [],
  handlers: {
    'admin.pictures': notImplemented(RELEASE),
    'admin.uploadPicture': notImplemented(RELEASE),
    'admin.deletePicture': notImplemented(RELEASE),
    'dealer.availablePictures': notImplemented(RELEASE),
    'dealer.downloadPicture': notImplemented(RELEASE),
  },
});

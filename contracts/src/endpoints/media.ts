import { z } from 'zod';
import { Ok } from '../common';
import { access, endpoint } from '../endpoint';
import { Picture } from '../entities/media';
import { idParams } from '../fields';
import { PictureUpload, UploadPictureFields } from '../requests/media';

const owner = 'media' as const;
const pictureIdParams = idParams('picture_id');
const PictureList = Ok.extend({ pictures: z.array(Picture) });

export const mediaEndpoints = {
  'admin.pictures': endpoint({
    id: 'admin.pictures',
    method: 'GET',
    path: '/api/admin/pictures',
    owner,
    access: access.roles('admin'),
    summary: 'The picture library, newest first',
    response: PictureList,
  }),
  'admin.uploadPicture': endpoint({
    id: 'admin.uploadPicture',
    method: 'POST',
    path: '/api/admin/upload-picture',
    owner,
    access: access.roles('admin'),
    summary: 'Add a marketing picture (image, under 10MB) with a title and description',
    body: UploadPictureFields,
    files: [PictureUpload],
    response: Ok.extend({ picture: Picture }),
  }),
  'admin.deletePicture': endpoint({
    id: 'admin.deletePicture',
    method: 'DELETE',
    path: '/api/admin/delete-picture/{picture_id}',
    owner,
    access: access.roles('admin'),
    summary: 'Delete a picture and its file',
    params: pictureIdParams,
    response: Ok,
  }),
  'dealer.availablePictures': endpoint({
    id: 'dealer.availablePictures',
    method: 'GET',
    path: '/api/dealer/available-pictures',
    owner,
    access: access.roles('dealer'),
    summary: 'The pictures a dealer may download',
    response: PictureList,
  }),
  'dealer.downloadPicture': endpoint({
    id: 'dealer.downloadPicture',
    method: 'POST',
    path: '/api/dealer/download-picture/{picture_id}',
    owner,
    access: access.roles('dealer'),
    summary: 'A short-lived download link for a picture',
    params: pictureIdParams,
    body: z.object({}).strict().optional(),
    response: Ok.extend({ download_url: z.string(), filename: z.string(), title: z.string() }),
  }),
} as const;

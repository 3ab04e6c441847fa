import { z } from 'zod';
import { ImageBytes, Ok } from '../common';
import { access, endpoint } from '../endpoint';
import { Picture } from '../entities/media';
import { idParams } from '../fields';
import { pageable } from '../list-query';
import { PictureListQuery, PictureUpload, UploadPictureFields } from '../requests/media';

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
    summary: 'The picture library, newest first; with limit, one page',
    query: PictureListQuery,
    response: pageable(PictureList),
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
    response: Ok.extend({
      download_url: z
        .string()
        .describe('works for DOWNLOAD_URL_TTL_SECONDS (default 5 minutes); downloads the original'),
      filename: z.string().describe('the original file name'),
      title: z.string(),
    }),
  }),
  'public.pictureFile': endpoint({
    id: 'public.pictureFile',
    method: 'GET',
    path: '/api/picture-files/{filename}',
    owner,
    access: access.public,
    summary:
      "A picture's 320 px or 800 px WebP rendition (never the original); cached for a year, the name is unguessable",
    params: z.object({ filename: z.string().regex(/^[A-Za-z0-9_-][\w.-]{0,199}$/, 'Invalid file name') }),
    response: ImageBytes,
    responseKind: 'image',
    beyondSpec: true,
  }),
  'public.pictureDownload': endpoint({
    id: 'public.pictureDownload',
    method: 'GET',
    path: '/api/picture-downloads/{token}',
    owner,
    access: access.public,
    summary:
      'The original picture as an attachment with its original name, by a signed link from download-picture (403 when altered, 410 when expired)',
    params: z.object({ token: z.string().max(300) }),
    response: ImageBytes,
    responseKind: 'image',
    beyondSpec: true,
    noStore: true,
  }),
} as const;

import { z } from 'zod';
import type { FilePart } from '../endpoint';
import { optionalText, requiredText } from '../fields';
import { listQuery, SearchParam } from '../list-query';

export const UploadPictureFields = z.object({
  title: requiredText('Error: Please enter a title'),
  description: optionalText(2000),
  category: optionalText(100),
});

export const PictureUpload: FilePart = {
  field: 'picture',
  maxBytes: 10485760,
  kinds: ['jpeg', 'png', 'gif', 'webp'],
  required: true,
  messages: {
    tooLarge: 'Error: File must be less than 10MB',
    wrongKind: 'Error: Please select an image file',
    missing: 'Error: Please select a file first',
  },
};

/** The admin's picture library query: newest first by default; see list-query. */
export const PictureListQuery = listQuery({
  sorts: ['created_at', 'title'],
  filters: { q: SearchParam.describe('title or description') },
});
export type PictureListQuery = z.infer<typeof PictureListQuery>;

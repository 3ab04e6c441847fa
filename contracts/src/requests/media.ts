import { z } from 'zod';
import type { FilePart } from '../endpoint';
import { optionalText, requiredText } from '../fields';

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

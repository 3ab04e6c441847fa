import { PictureUpload, UploadPictureFields } from '@portal/contracts';
import { asError } from '../../api/errorMessage';
import { chosenFileProblem } from '../../ui/imageFile';

/** The upload form as typed. */
export interface PictureDraft {
  file: File | null;
  title: string;
  description: string;
  category: string;
}

export const EMPTY_PICTURE: PictureDraft = { file: null, title: '', description: '', category: '' };

/** The contract's file rule of the upload (image kinds, up to 10MB, the spec's messages). */
export const PICTURE_PART = PictureUpload;

/**
 * The first problem of the form, in the spec's order (000 §5): a file ('Error: Please select a file first'), a
 * title ('Error: Please enter a title'), an image ('Error: Please select an image file'), its size ('Error: File
 * must be less than 10MB'); null when it may be sent. The texts come from the contract the server applies.
 */
export function pictureUploadProblem(draft: PictureDraft): string | null {
  if (!draft.file) return asError(PICTURE_PART.messages.missing ?? 'Please select a file first');
  const fields = UploadPictureFields.safeParse({
    title: draft.title,
    description: draft.description,
    category: draft.category,
  });
  if (!fields.success) return asError(fields.error.issues[0]?.message ?? 'Please check the form');
  return chosenFileProblem(draft.file, PICTURE_PART) ?? null;
}

/** The multipart body: `picture`, `title`, `description` and (when given) `category`. */
export function pictureFormData(draft: PictureDraft & { file: File }): FormData {
  const form = new FormData();
  form.set('picture', draft.file);
  form.set('title', draft.title.trim());
  form.set('description', draft.description.trim());
  if (draft.category.trim()) form.set('category', draft.category.trim());
  return form;
}

/** The categories already used, for the category field's suggestions (shared with the product screens). */
export { knownCategories } from '../../format/categories';

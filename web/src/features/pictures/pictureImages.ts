import type { Picture } from '@portal/contracts';

/** What a grid shows: the 320 px rendition only, never the original (one that fails to load shows No Image). */
export function pictureThumbnailUrl(picture: Pick<Picture, 'thumbnail_url'>): string | null {
  return picture.thumbnail_url || null;
}

/** What the preview dialog shows: the 800 px rendition (`file_url` is the same), else the thumbnail. */
export function picturePreviewUrl(picture: Pick<Picture, 'thumbnail_url' | 'preview_url' | 'file_url'>): string | null {
  return picture.preview_url || picture.file_url || pictureThumbnailUrl(picture);
}

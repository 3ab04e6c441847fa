import type { Picture } from '@portal/contracts';

/**
 * Where a picture's objects live and what they are called outside. Every object of a picture sits under its
 * folder `pictures/<picture_id>/`, named with a random part fresh for each upload:
 *   original:  pictures/<id>/<random>-original.<ext>   (downloaded only, through a signed link)
 *   renditions: pictures/<id>/<random>-320.webp and -800.webp, public as /api/picture-files/<id>-<random>-<size>.webp
 * The public name carries 12 random bytes, so it cannot be guessed, and only rendition names map back to a key,
 * so the public route can never serve an original.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const RANDOM = '[0-9a-f]{24}';
const RENDITION_FILE = new RegExp(`^(${UUID})-(${RANDOM})-(320|800)\\.webp$`);
const RENDITION_KEY = new RegExp(`^pictures/(${UUID})/(${RANDOM})-(320|800)\\.webp$`);
const PICTURE_ID = new RegExp(`^${UUID}$`);

export const PICTURE_FILES_PATH = '/api/picture-files/';
export const PICTURE_DOWNLOADS_PATH = '/api/picture-downloads/';

/** Whether `id` can be a picture id at all (anything else is simply not found). */
export function isPictureId(id: string): boolean {
  return PICTURE_ID.test(id);
}

export const pictureFolder = (pictureId: string) => `pictures/${pictureId}/`;

export interface PictureKeys {
  original: string;
  thumbnail: string;
  preview: string;
}

/** The keys of a new upload; `random` is 24 hex digits, fresh for each upload. */
export function pictureKeys(pictureId: string, random: string, originalExtension: string): PictureKeys {
  const folder = pictureFolder(pictureId);
  return {
    original: `${folder}${random}-original.${originalExtension}`,
    thumbnail: `${folder}${random}-320.webp`,
    preview: `${folder}${random}-800.webp`,
  };
}

/** The public file name of a rendition key; throws for any other key (an original has none). */
export function renditionFileName(key: string): string {
  const m = RENDITION_KEY.exec(key);
  if (!m) throw new Error(`not a rendition key: ${key}`);
  return `${m[1]}-${m[2]}-${m[3]}.webp`;
}

/** The key of a public rendition file name; null for any other name. */
export function renditionKeyOf(fileName: string): string | null {
  const m = RENDITION_FILE.exec(fileName);
  return m ? `pictures/${m[1]}/${m[2]}-${m[3]}.webp` : null;
}

/** The name a download is saved under: the uploaded name, or a plain one when the upload had none. */
export function downloadName(originalName: string, title: string, extension: string): string {
  const name = originalName.trim();
  if (name) return name;
  const fromTitle = title
    .replace(/[^\w -]+/g, '')
    .trim()
    .slice(0, 80);
  return `${fromTitle || 'picture'}.${extension}`;
}

/** What the tables keep of a picture. */
export interface PictureRecord {
  picture_id: string;
  title: string;
  description: string | null;
  category: string | null;
  original_key: string;
  original_name: string;
  content_type: string;
  file_size: number;
  thumbnail_key: string;
  preview_key: string;
  created_at: Date;
}

/** A picture as both lists show it: rendition URLs only, never the original's. */
export function pictureView(row: PictureRecord): Picture {
  const preview = PICTURE_FILES_PATH + renditionFileName(row.preview_key);
  return {
    picture_id: row.picture_id,
    title: row.title,
    description: row.description,
    category: row.category,
    file_url: preview,
    file_size: row.file_size,
    created_at: row.created_at.toISOString(),
    thumbnail_url: PICTURE_FILES_PATH + renditionFileName(row.thumbnail_key),
    preview_url: preview,
  };
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The file extension of an accepted (detected) image type. */
export function extensionFor(contentType: string): string {
  const ext = EXTENSIONS[contentType];
  if (!ext) throw new Error(`not an accepted picture type: ${contentType}`);
  return ext;
}

/** A picture as the audit log keeps it: what the admin gave and uploaded, not where the store keeps the files. */
export function auditedPicture(row: PictureRecord) {
  const { title, description, category, original_name, content_type, file_size } = row;
  return { title, description, category, original_name, content_type, file_size };
}

import type { FilePart } from '@portal/contracts';
import { unsupportedMedia } from '../http/errors';
import type { UploadedFile } from '../http/handler';
import {
  makeRenditions,
  type ReencodeOptions,
  type Renditions,
  reencodeImage,
  UnreadableImageError,
} from './renditions';

/**
 * The renditions of an upload that passed the router's magic-byte check. Bytes that start like an image but
 * do not decode are not an image either: 415 with the file part's own wrong-kind message.
 */
export async function renditionsOfUpload(upload: UploadedFile, part: FilePart): Promise<Renditions> {
  try {
    return await makeRenditions(upload.buffer);
  } catch (err) {
    if (err instanceof UnreadableImageError) throw unsupportedMedia(part.messages.wrongKind);
    throw err;
  }
}

/**
 * An upload that passed the router's magic-byte check, re-encoded (see reencodeImage). Bytes that start like an
 * image but do not decode are not an image either: 415 with the file part's own wrong-kind message.
 */
export async function reencodeUpload(upload: UploadedFile, part: FilePart, opts: ReencodeOptions) {
  try {
    return await reencodeImage(upload.buffer, opts);
  } catch (err) {
    if (err instanceof UnreadableImageError) throw unsupportedMedia(part.messages.wrongKind);
    throw err;
  }
}

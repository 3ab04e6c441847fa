import type { FilePart, ImageKind } from '@portal/contracts';
import { badRequest, tooLarge, unsupportedMedia } from '../http/errors';
import { detectImageKind, IMAGE_CONTENT_TYPES } from './image-kind';

export interface CheckedUpload {
  kind: ImageKind;
  contentType: string;
}

/**
 * Checks an uploaded file against its contract part: 413 when larger than `maxBytes`, 415 when its
 * content is not one of `kinds` (whatever its name or declared type), 400 when required and absent.
 * An empty file counts as absent: browsers send one when no file was chosen.
 * Returns null for an optional file that was not sent.
 */
export function checkUpload(file: { buffer: Buffer; size: number } | undefined, part: FilePart): CheckedUpload | null {
  if (!file || file.size === 0) {
    if (part.required) throw badRequest(part.messages.missing ?? `${part.field} is required`);
    return null;
  }
  if (file.size > part.maxBytes || file.buffer.length > part.maxBytes) throw tooLarge(part.messages.tooLarge);
  const kind = detectImageKind(file.buffer);
  if (!kind || !part.kinds.includes(kind)) throw unsupportedMedia(part.messages.wrongKind);
  return { kind, contentType: IMAGE_CONTENT_TYPES[kind] };
}

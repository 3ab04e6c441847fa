import type { ImageKind } from '@portal/contracts';

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const GIF87 = Buffer.from('GIF87a', 'latin1');
const GIF89 = Buffer.from('GIF89a', 'latin1');
const RIFF = Buffer.from('RIFF', 'latin1');
const WEBP = Buffer.from('WEBP', 'latin1');

function hasAt(bytes: Buffer, signature: Buffer, offset = 0): boolean {
  return (
    bytes.length >= offset + signature.length && bytes.subarray(offset, offset + signature.length).equals(signature)
  );
}

/**
 * Detects an image by its magic bytes, never by file name or declared MIME type. SVG is refused on
 * purpose: it is XML that can carry scripts.
 */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (hasAt(bytes, PNG)) return 'png';
  if (hasAt(bytes, JPEG)) return 'jpeg';
  if (hasAt(bytes, GIF87) || hasAt(bytes, GIF89)) return 'gif';
  if (hasAt(bytes, RIFF) && hasAt(bytes, WEBP, 8)) return 'webp';
  return null;
}

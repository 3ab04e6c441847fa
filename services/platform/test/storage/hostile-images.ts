import sharp from 'sharp';
import { IMAGES } from './image-fixtures';

/** CRC-32 (ISO 3309, as PNG chunks carry it): a patched IHDR needs its checksum recomputed to be read at all. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A tiny PNG whose header claims `width`×`height` pixels (a decompression bomb as a decoder first sees it): the
 * 1×1 PNG with its IHDR dimensions rewritten. A decoder that trusted the header would allocate
 * width × height × 4 bytes (10 GB for 50000×50000).
 */
export function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(IMAGES.png);
  // signature (8) + IHDR length (4) + "IHDR" (4): width and height follow, then the CRC of type and data
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** Bytes that pass a magic-byte check as a GIF but are a script (a polyglot an old browser might sniff). */
export const GIF_SCRIPT = Buffer.from('GIF89a<script>alert(document.domain)</script>');

/** A real 64×48 JPEG photo whose EXIF carries the camera and the GPS position where it was taken. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a7' } })
    .withExif({
      IFD0: { Make: 'SecretCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 53/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '77/1 2/1 12/1' },
    })
    .jpeg()
    .toBuffer();
}

/** A 64×64 PNG with a transparent half (a logo or a map pin). */
export function transparentPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: { create: { width: 64, height: 32, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 1 } } },
        top: 0,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
}

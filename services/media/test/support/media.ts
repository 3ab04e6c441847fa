/**
 * The media service as it runs in production — real PostgreSQL (a fresh database), a real object store (the file
 * store, or s3rver's S3 API) — through the platform's test harness, with pictures made by a real encoder.
 */
import { createDownloadTokens, type ObjectStore } from '@portal/platform';
import { bearer, startTestService, type TestService } from '@portal/platform/testing';
import sharp from 'sharp';
import { mediaService } from '../../src/app';

export const SIGNING_KEY = 'test-download-signing-key-0123456789abcdef';
export const TEN_MB = 10_485_760;

export interface MediaTest {
  media: TestService;
  objects: ObjectStore;
  admin: Record<string, string>;
  dealer: Record<string, string>;
  stop(): Promise<void>;
}

export async function startMedia(
  prefix: string,
  objects: ObjectStore,
  env: Record<string, string> = {},
): Promise<MediaTest> {
  const media = await startTestService(mediaService, {
    prefix,
    env: { DOWNLOAD_SIGNING_KEY: SIGNING_KEY, ...env },
    deps: { objects },
  });
  return {
    media,
    objects,
    admin: bearer(media.tokenFor({ role: 'admin' })),
    dealer: bearer(media.tokenFor({ role: 'dealer' })),
    stop: () => media.stop(),
  };
}

/** A download token as the service makes them, for a moment of the test's choosing. */
export function tokenAt(pictureId: string, madeAt: Date, ttlSeconds = 300): string {
  return createDownloadTokens({ key: SIGNING_KEY, ttlSeconds, purpose: 'picture-download' }).sign(pictureId, madeAt);
}

/** A real photo-like image (gradient with detail) of the given size. */
export async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'gif' = 'jpeg'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = (x * y) & 0xff;
    }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'jpeg'
    ? image.jpeg({ quality: 90 }).toBuffer()
    : format === 'png'
      ? image.png().toBuffer()
      : image.gif().toBuffer();
}

/** A real JPEG padded after its end marker to exactly `size` bytes (decoders ignore what follows the image). */
export async function jpegOfSize(size: number): Promise<Buffer> {
  const image = await photo(1600, 1000);
  const out = Buffer.alloc(size);
  image.copy(out);
  return out;
}

import { Readable } from 'node:stream';
import type { ObjectStore, StoredObject } from '@portal/platform';

/**
 * The product images' object store, with the small ones kept in memory once read. Safe because a key never
 * names different bytes: every upload gets a fresh name, and a replaced image's old names are removed (and
 * dropped from memory) here. What it saves is the store round trip of each image request (a file open, stat
 * and read, or an S3 call): the images of the order screen and the product cards are a few small files asked
 * for by every dealer. Another replica may keep serving an old image from its memory after this one removed
 * it; that image is no longer named by any product, so nothing links to it, and it ages out.
 */
export interface ImageCacheLimits {
  /** the memory all cached images may take together */
  maxBytes: number;
  /** larger images are streamed from the store each time */
  maxObjectBytes: number;
}

export const DEFAULT_IMAGE_CACHE: ImageCacheLimits = { maxBytes: 32 * 1024 * 1024, maxObjectBytes: 1024 * 1024 };

interface CachedImage {
  bytes: Buffer;
  contentType: string;
}

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A cached image as the store answers it: its bytes for one write, a stream only for a reader that asks. */
const served = (image: CachedImage): StoredObject => ({
  get body() {
    return Readable.from([image.bytes]);
  },
  bytes: image.bytes,
  size: image.bytes.length,
  contentType: image.contentType,
});

/** `store` with reads of objects up to `maxObjectBytes` kept in memory, least recently used dropped first. */
export function cachingImageReads(store: ObjectStore, limits: ImageCacheLimits = DEFAULT_IMAGE_CACHE): ObjectStore {
  // a Map keeps insertion order: re-inserting on each hit makes its first entry the least recently used
  const cache = new Map<string, CachedImage>();
  let cachedBytes = 0;

  const forget = (key: string) => {
    const image = cache.get(key);
    if (!image) return;
    cache.delete(key);
    cachedBytes -= image.bytes.length;
  };
  const keep = (key: string, image: CachedImage) => {
    forget(key);
    cache.set(key, image);
    cachedBytes += image.bytes.length;
    for (const [oldest] of cache) {
      if (cachedBytes <= limits.maxBytes) break;
      forget(oldest);
    }
  };

  return {
    ready: () => store.ready(),
    put: (key, body, contentType) => store.put(key, body, contentType),
    list: (prefix) => store.list(prefix),
    ...(store.presignedGet ? { presignedGet: store.presignedGet.bind(store) } : {}),

    async get(key) {
      const hit = cache.get(key);
      if (hit) {
        keep(key, hit);
        return served(hit);
      }
      const object = await store.get(key);
      if (!object || object.size > limits.maxObjectBytes) return object;
      const image = { bytes: await readAll(object.body), contentType: object.contentType };
      keep(key, image);
      return served(image);
    },

    async exists(key) {
      return cache.has(key) || store.exists(key);
    },

    async remove(key) {
      forget(key);
      await store.remove(key);
    },

    async removePrefix(prefix) {
      for (const key of [...cache.keys()]) if (key.startsWith(prefix)) forget(key);
      return store.removePrefix(prefix);
    },
  };
}

import { Client, S3Error } from 'minio';
import { attachmentDisposition } from './content-disposition';
import { assertValidObjectKey, assertValidObjectPrefix } from './object-key';
import type { ObjectStore, StoredObject } from './object-store';

export interface S3ObjectStoreOptions {
  /** URL like http://minio:9000 */
  endPoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
  /**
   * The URL browsers reach the same server at (e.g. https://files.example.com), used only to sign download
   * URLs; default `endPoint`. A presigned URL is signed for its host, so it must be signed for the public one.
   */
  publicEndPoint?: string;
  /** the clock presigned URLs are signed by (tests sign in the past instead of waiting for an expiry) */
  now?: () => Date;
}

const DEFAULT_REGION = 'us-east-1';

/** Codes S3/MinIO answer for an absent object (statObject gives NotFound, getObject NoSuchKey). */
const ABSENT = new Set(['NoSuchKey', 'NotFound']);
/** Another process created the bucket between our check and our create. */
const BUCKET_RACE = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);

function hasCode(err: unknown, codes: Set<string>): boolean {
  return err instanceof S3Error && typeof err.code === 'string' && codes.has(err.code);
}

/** Objects in one bucket of an S3-API server (MinIO in compose and Kubernetes). */
function clientFor(endPoint: string, opts: S3ObjectStoreOptions, region: string): Client {
  const url = new URL(endPoint);
  const useSSL = url.protocol === 'https:';
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: opts.accessKey,
    secretKey: opts.secretKey,
    // known up front, so presigning never asks the server for the bucket's region
    region,
  });
}

/** The longest validity S3 allows for a presigned URL (7 days). */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

export function createS3ObjectStore(opts: S3ObjectStoreOptions): ObjectStore {
  const region = opts.region ?? DEFAULT_REGION;
  const client = clientFor(opts.endPoint, opts, region);
  // signing is local (no request), so a client for a host this process cannot reach is fine
  const publicClient = opts.publicEndPoint ? clientFor(opts.publicEndPoint, opts, region) : client;
  const { bucket } = opts;
  const now = opts.now ?? (() => new Date());

  async function keysUnder(prefix: string): Promise<string[]> {
    assertValidObjectPrefix(prefix);
    const keys: string[] = [];
    for await (const item of client.listObjectsV2(bucket, prefix, true)) if (item.name) keys.push(item.name);
    return keys;
  }

  return {
    async ready() {
      if (await client.bucketExists(bucket)) return;
      try {
        await client.makeBucket(bucket, region);
      } catch (err) {
        if (!hasCode(err, BUCKET_RACE)) throw err;
      }
    },

    async put(key, body, contentType) {
      assertValidObjectKey(key);
      await client.putObject(bucket, key, body, body.length, { 'Content-Type': contentType });
    },

    async get(key): Promise<StoredObject | null> {
      assertValidObjectKey(key);
      try {
        const stat = await client.statObject(bucket, key);
        const body = await client.getObject(bucket, key);
        const contentType = stat.metaData['content-type'];
        return {
          body,
          size: stat.size,
          contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
        };
      } catch (err) {
        if (hasCode(err, ABSENT)) return null;
        throw err;
      }
    },

    async exists(key) {
      assertValidObjectKey(key);
      try {
        await client.statObject(bucket, key);
        return true;
      } catch (err) {
        if (hasCode(err, ABSENT)) return false;
        throw err;
      }
    },

    async remove(key) {
      assertValidObjectKey(key);
      await client.removeObject(bucket, key);
    },

    list: keysUnder,

    async removePrefix(prefix) {
      const keys = await keysUnder(prefix);
      for (const key of keys) await client.removeObject(bucket, key);
      return keys.length;
    },

    async presignedGet(key, ttlSeconds, downloadName) {
      assertValidObjectKey(key);
      const expires = Math.max(1, Math.min(Math.floor(ttlSeconds), MAX_PRESIGN_SECONDS));
      return publicClient.presignedGetObject(
        bucket,
        key,
        expires,
        { 'response-content-disposition': attachmentDisposition(downloadName) },
        now(),
      );
    },
  };
}

import { Client, S3Error } from 'minio';
import { assertValidObjectKey } from './object-key';
import type { ObjectStore, StoredObject } from './object-store';

export interface S3ObjectStoreOptions {
  /** URL like http://minio:9000 */
  endPoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
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
export function createS3ObjectStore(opts: S3ObjectStoreOptions): ObjectStore {
  const url = new URL(opts.endPoint);
  const useSSL = url.protocol === 'https:';
  const region = opts.region ?? DEFAULT_REGION;
  const client = new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: opts.accessKey,
    secretKey: opts.secretKey,
    region,
  });
  const { bucket } = opts;

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

    async remove(key) {
      assertValidObjectKey(key);
      await client.removeObject(bucket, key);
    },
  };
}

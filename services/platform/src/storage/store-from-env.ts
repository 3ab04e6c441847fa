import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { createFileObjectStore } from './file-object-store';
import type { ObjectStore } from './object-store';
import { createS3ObjectStore } from './s3-object-store';

/** The object-storage variables every service reads (docs/configuration.md). */
export const StorageEnv = z.object({
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** where browsers reach the S3 server, for presigned download URLs (default S3_ENDPOINT) */
  S3_PUBLIC_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3).max(63).default('portal'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  OBJECTS_DIR: z.string().min(1).default('.data/objects'),
});

/** S3/MinIO when S3_ENDPOINT is set (then both keys are required), else files under OBJECTS_DIR. */
export function objectStoreFromEnv(env: NodeJS.ProcessEnv): ObjectStore {
  const config = loadConfig(StorageEnv, env);
  if (!config.S3_ENDPOINT) return createFileObjectStore({ dir: config.OBJECTS_DIR });
  const { S3_ACCESS_KEY: accessKey, S3_SECRET_KEY: secretKey } = config;
  if (!accessKey || !secretKey) {
    throw new ConfigError(['S3_ACCESS_KEY, S3_SECRET_KEY: required when S3_ENDPOINT is set']);
  }
  return createS3ObjectStore({
    endPoint: config.S3_ENDPOINT,
    accessKey,
    secretKey,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    publicEndPoint: config.S3_PUBLIC_ENDPOINT,
  });
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * `@portal/platform/testing/s3-test-server` (not re-exported from the testing index, so tests that need no S3
 * server never load one).
 */
export interface S3TestServer {
  /** URL like http://127.0.0.1:40123 */
  endPoint: string;
  accessKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

/** A real S3-API server (s3rver) on a free port, keeping its data in a temporary folder. */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endPoint: `http://127.0.0.1:${port}`,
    // s3rver's fixed credentials: it checks signatures made with them
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

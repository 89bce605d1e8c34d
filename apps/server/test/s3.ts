/**
 * A real S3-protocol server for the tests: s3rver, in this process, on an ephemeral loopback
 * port, its objects in a temporary directory removed when it stops. It checks each request's
 * signature against its fixed key pair (S3RVER / S3RVER), as a real store would.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/platform/files/storage.ts';

export type TestS3 = {
  /** Settings for S3Storage (and the S3_* variables' values), path-style, with the server's keys. */
  settings: S3Settings;
  /** The same as environment variables (STORAGE_DRIVER=s3 …) for a configuration or a child process. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export async function startS3Server(bucket = 'portal-test', prefix = 'files/'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    settings: { bucket, prefix, endpoint, region: 'us-east-1', forcePathStyle: true, credentials },
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_PREFIX: prefix,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

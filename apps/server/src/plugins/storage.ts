import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createS3BlobStorage, defaultS3Endpoint } from '../modules/storage/s3-storage.ts';
import { createLocalBlobStorage, type BlobStorage } from '../modules/storage/storage.ts';
import { ConfigError, type AppConfig } from './env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Blob storage for file originals: S3-compatible object storage when S3_* is set, else DATA_DIR/files. */
    storage: BlobStorage;
  }
}

/**
 * Chooses the blob storage adapter once at start-up (DESIGN §2): the S3 bucket when S3_BUCKET is set,
 * otherwise local disk under DATA_DIR/files. Says which in the log; never logs the secret key.
 */
export function registerStorage(
  app: FastifyInstance,
  config: Pick<AppConfig, 'dataDir' | 's3'>,
  { storage }: { storage?: BlobStorage } = {},
): void {
  if (storage) {
    app.decorate('storage', storage);
    return;
  }
  const s3 = config.s3;
  if (s3) {
    if (!s3.accessKeyId || !s3.secretAccessKey) {
      throw new ConfigError(
        'S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required (instance roles are not supported)',
      );
    }
    const endpoint = s3.endpoint ?? defaultS3Endpoint(s3.region);
    app.decorate(
      'storage',
      createS3BlobStorage({
        endpoint,
        bucket: s3.bucket,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      }),
    );
    app.log.info({ endpoint, bucket: s3.bucket, region: s3.region }, 'File blobs are stored in S3-compatible storage');
    return;
  }
  const root = path.join(config.dataDir, 'files');
  app.decorate('storage', createLocalBlobStorage(root));
  app.log.info({ directory: root }, 'File blobs are stored on local disk');
}

export const storagePlugin = fp<{ storage?: BlobStorage }>(
  async (app, options) => registerStorage(app, app.config, options),
  { name: 'storage' },
);

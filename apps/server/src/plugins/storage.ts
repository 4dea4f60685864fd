import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createLocalBlobStorage, type BlobStorage } from '../modules/storage/storage.ts';
import type { AppConfig } from './env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Blob storage for file originals (local disk under DATA_DIR/files). */
    storage: BlobStorage;
  }
}

/**
 * Chooses the blob storage adapter once at start-up. Only the local-disk adapter exists so far: with
 * S3_* set, the server says so and keeps the blobs on local disk.
 */
export function registerStorage(
  app: FastifyInstance,
  config: Pick<AppConfig, 'dataDir' | 's3'>,
  { storage }: { storage?: BlobStorage } = {},
): void {
  if (!storage && config.s3) {
    app.log.warn(
      { bucket: config.s3.bucket },
      'S3 storage is configured but not supported yet: file blobs are kept under DATA_DIR/files',
    );
  }
  app.decorate('storage', storage ?? createLocalBlobStorage(path.join(config.dataDir, 'files')));
}

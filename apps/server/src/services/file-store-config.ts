import { S3Client } from '@aws-sdk/client-s3';
import type { Config, S3StoreConfig } from '../config.js';
import { createFileStore, type FileStore } from './file-store.js';
import { createS3FileStore } from './s3-file-store.js';

/**
 * How long the S3 client waits, in milliseconds. Without them the SDK waits for ever on a store that accepts the
 * connection and never answers, and so would the user's upload or download. `idle` is the socket's inactivity: a large
 * file that keeps flowing is not cut. The SDK tries each call up to 3 times (AWS_MAX_ATTEMPTS), with a back-off.
 */
export interface S3Timeouts {
  connect: number;
  idle: number;
}

export const S3_TIMEOUTS: S3Timeouts = { connect: 5_000, idle: 20_000 };

/** The SDK's client for the configured bucket's store: an S3-compatible endpoint is addressed path-style. */
export function s3ClientFor(store: S3StoreConfig, timeouts: S3Timeouts = S3_TIMEOUTS): S3Client {
  return new S3Client({
    ...(store.endpoint ? { endpoint: store.endpoint, forcePathStyle: true } : {}),
    // A compatible store seldom cares for the region, but the SDK signs with one.
    ...(store.region ? { region: store.region } : store.endpoint ? { region: 'us-east-1' } : {}),
    ...(store.credentials ? { credentials: store.credentials } : {}),
    requestHandler: { connectionTimeout: timeouts.connect, socketTimeout: timeouts.idle },
  });
}

/** The configured file store: DATA_DIR/files, or FILE_STORE_URL's bucket; close() ends the client it made. */
export function fileStoreFromConfig(config: Pick<Config, 'fileStore'>, timeouts: S3Timeouts = S3_TIMEOUTS): FileStore {
  const store = config.fileStore;
  if (store.kind === 'folder') return createFileStore(store.folder);
  const client = s3ClientFor(store, timeouts);
  return { ...createS3FileStore({ bucket: store.bucket, prefix: store.prefix, client }), close: () => client.destroy() };
}

/** Where the files are, for the start-up message. */
export function fileStoreDescription(config: Pick<Config, 'fileStore'>): string {
  const store = config.fileStore;
  if (store.kind === 'folder') return `in ${store.folder}`;
  const where = `s3://${store.bucket}${store.prefix ? `/${store.prefix}` : ''}`;
  return `in ${where} (${store.endpoint ? `at ${store.endpoint}` : 'AWS S3'})`;
}

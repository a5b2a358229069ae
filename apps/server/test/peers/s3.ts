// A real S3 protocol server (s3rver) on 127.0.0.1 for tests, its objects in a temporary folder.
//
// s3rver knows one access key, S3RVER (any secret: it does not check V4 signatures); `env` holds the settings an app
// reads (FILE_STORE_URL is the test's to add), `client()` an SDK client to read the bucket behind the app's back.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface S3Peer {
  /** `http://127.0.0.1:PORT` */
  endpoint: string;
  /** AWS_ENDPOINT_URL_S3, AWS_REGION and the keys, as the server reads them from its environment. */
  env: Record<string, string>;
  /** An SDK client of the peer, path-style; the caller destroys it. */
  client(): S3Client;
  /** Every key in the bucket under the prefix (all with ''), sorted. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3Peer(opts: { buckets: string[] }): Promise<S3Peer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'edrf-s3-peer-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = { AWS_ENDPOINT_URL_S3: endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };
  const client = () =>
    new S3Client({
      endpoint,
      forcePathStyle: true,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    });
  const lister = client();
  return {
    endpoint,
    env,
    client,
    async keys(bucket, prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await lister.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async close() {
      lister.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

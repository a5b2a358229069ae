// What several server processes share when they run as one app (docs/operations.md, "Several processes"): a PostgreSQL
// database of their own, one S3 bucket (the s3rver peer) and one SMTP peer. Used by the tests that start real processes
// (two-processes, report-jobs-processes) and by bench:load.
import { startS3Peer, type S3Peer } from '../peers/s3.js';
import { startSmtpPeer, type SmtpPeer } from '../peers/smtp.js';
import { createPostgresDatabase } from './postgres-database.js';

export interface SharedBacking {
  databaseUrl: string;
  s3: S3Peer;
  smtp: SmtpPeer;
  /** What points a server process at them: DATABASE_URL, FILE_STORE_URL (the bucket's `files/`), SMTP_URL, the S3 keys. */
  env: Record<string, string>;
  /** Ends the peers and drops the database. */
  close(): Promise<void>;
}

/** A fresh database on `serverUrl`'s server (named `prefix`_…), the bucket and the SMTP peer. */
export async function startSharedBacking(serverUrl: string, opts: { bucket: string; prefix?: string }): Promise<SharedBacking> {
  const database = await createPostgresDatabase(serverUrl, opts.prefix);
  let s3: S3Peer | undefined;
  let smtp: SmtpPeer;
  try {
    [s3, smtp] = await Promise.all([startS3Peer({ buckets: [opts.bucket] }), startSmtpPeer()]);
  } catch (error) {
    await s3?.close();
    await database.drop();
    throw error;
  }
  return {
    databaseUrl: database.url,
    s3,
    smtp,
    env: { ...s3.env, DATABASE_URL: database.url, FILE_STORE_URL: `s3://${opts.bucket}/files`, SMTP_URL: smtp.url },
    async close() {
      await Promise.all([s3.close(), smtp.close()]);
      await database.drop();
    },
  };
}

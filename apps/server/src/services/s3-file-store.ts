import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { FileStoreError, isSha256, type FileStore } from './file-store.js';

export interface S3FileStoreOptions {
  bucket: string;
  /** Keys start with it and a slash; '' for none. */
  prefix: string;
  /** Its endpoint, region, credentials and timeouts are the caller's (file-store-config.ts). */
  client: S3Client;
}

/** Node's codes for a connection that could not be made or was lost: the store is unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
]);

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as SdkError).$metadata?.httpStatusCode;

/**
 * The files of createFileStore's interface as objects of an S3 bucket, {prefix}/{sha[0..2]}/{sha}, so that several
 * server processes share them (issue 38). A missing object answers false or null; any other fault of the store is
 * thrown as a FileStoreError naming the bucket and the key.
 */
export function createS3FileStore({ bucket, prefix, client }: S3FileStoreOptions): FileStore {
  const keyOf = (sha256: string) => {
    if (!isSha256(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
    const name = `${sha256.slice(0, 2)}/${sha256}`;
    return prefix ? `${prefix}/${name}` : name;
  };

  const fault = (doing: string, key: string, error: unknown) => {
    const { name, code, message } = error as SdkError;
    const status = statusOf(error);
    const unreachable = (status !== undefined && status >= 500) || name === 'TimeoutError' || NETWORK_CODES.has(code ?? '');
    const what = [name, status && `HTTP ${status}`, code].filter(Boolean).join(', ');
    return new FileStoreError(`S3 bucket '${bucket}': ${doing} ${key} failed (${what}): ${message ?? String(error)}`, unreachable, {
      cause: error,
    });
  };

  const has = async (sha256: string) => {
    const key = keyOf(sha256);
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      // A HEAD answer has no body to tell a missing object from a missing bucket: both are a 404 here.
      if (statusOf(error) === 404) return false;
      throw fault('checking', key, error);
    }
  };

  return {
    async put(content, known) {
      const sha256 = known ?? crypto.createHash('sha256').update(content).digest('hex');
      const key = keyOf(sha256);
      // The key is the content's hash: an object already there is this content, and is left as it is.
      if (await has(sha256)) return sha256;
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: content,
            ContentLength: content.length,
            ContentType: 'application/octet-stream',
          }),
        );
      } catch (error) {
        throw fault('storing', key, error);
      }
      return sha256;
    },
    has,
    async open(sha256) {
      const key = keyOf(sha256);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(answer.Body instanceof Readable)) throw new Error('the S3 client answered no Node stream');
        return answer.Body;
      } catch (error) {
        const name = (error as SdkError).name;
        if (name === 'NoSuchKey' || (statusOf(error) === 404 && name !== 'NoSuchBucket')) return null;
        throw fault('reading', key, error);
      }
    },
    async remove(sha256) {
      const key = keyOf(sha256);
      try {
        // S3 answers a delete of a missing key with success too.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw fault('removing', key, error);
      }
    },
  };
}

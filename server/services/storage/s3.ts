/**
 * The S3 backend (STORAGE_URL=s3://bucket/prefix): every accepted file is an object under the
 * prefix with the same key the local backend would use, so two nodes behind a load balancer
 * share files, and `npm run storage:migrate` can copy a STORAGE_DIR as it is.
 *
 * Memory stays small both ways: an upload is streamed from its temporary file in parts of
 * PART_SIZE, at most QUEUE_SIZE of them in flight; a read streams GetObject's body as it comes.
 */
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Location } from '../../config';
import { isMissing, reachingStore } from './errors';
import { checkedKey, newKey, type Staging } from './staging';

export { isMissing };

/** S3's smallest part but the last; with 2 in flight an upload holds about 16 MiB. */
export const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;
const CONNECT_TIMEOUT_MS = 5_000;
const IDLE_TIMEOUT_MS = 30_000;

export function s3Client(location: S3Location): S3Client {
  return new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.endpoint !== undefined,
    credentials: location.credentials,
    // Checksums only where S3 demands them: S3-compatible servers (older MinIO, Ceph, s3rver)
    // refuse the newer aws-chunked bodies with trailing CRC32 checksums. Parts still carry
    // Content-MD5 where the operation requires it, and TLS guards the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Without these a bucket that accepts connections but never answers holds a download or an
    // upload for ever; a stalled one fails (and is retried by the SDK) instead. The idle limit
    // counts silence, not length: a large object still streams as long as bytes keep coming.
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: IDLE_TIMEOUT_MS },
  });
}

/** Streams a local file into the bucket as `key` (multipart past one part). */
export async function uploadFile(
  client: S3Client,
  bucket: string,
  key: string,
  path: string,
): Promise<void> {
  const upload = new Upload({
    client,
    params: { Bucket: bucket, Key: key, Body: createReadStream(path) },
    partSize: PART_SIZE,
    queueSize: QUEUE_SIZE,
    // A failed multipart upload is aborted, so no parts are left billed in the bucket.
    leavePartsOnError: false,
  });
  await upload.done();
}

export function createS3Backend(
  staging: Staging,
  location: S3Location,
  client = s3Client(location),
) {
  const { bucket } = location;
  const objectKey = (key: string) => location.prefix + checkedKey(key);

  async function openRead(key: string): Promise<Readable> {
    const Key = objectKey(key);
    const answer = await reachingStore('read', () =>
      client.send(new GetObjectCommand({ Bucket: bucket, Key })),
    );
    // In Node the SDK's body is the HTTP response itself: a stream read as it arrives.
    if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body');
    return answer.Body;
  }

  let closed = false;

  return {
    kind: 's3' as const,

    /** Sends the accepted temporary file to the bucket, then deletes it (also on failure). */
    async commit(tempPath: string, extension: string): Promise<string> {
      const key = newKey(extension);
      try {
        await reachingStore('write', () => uploadFile(client, bucket, objectKey(key), tempPath));
      } finally {
        await rm(tempPath, { force: true });
      }
      return key;
    },

    async remove(key: string | null | undefined): Promise<void> {
      if (!key) return;
      const Key = objectKey(key);
      await reachingStore('delete', () =>
        client.send(new DeleteObjectCommand({ Bucket: bucket, Key })),
      );
    },

    async sizeOf(key: string): Promise<number> {
      const Key = objectKey(key);
      const head = await reachingStore('size', () =>
        client.send(new HeadObjectCommand({ Bucket: bucket, Key })),
      );
      return head.ContentLength ?? 0;
    },

    openRead,

    /**
     * For readers that need a path (the extraction child process, sitemap parsing): the object
     * is streamed to a temporary file that is deleted once `fn` settles.
     */
    async withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
      mkdirSync(staging.tmpDir, { recursive: true });
      const ext = extname(key).replace(/[^.a-z0-9]/g, '');
      const path = join(staging.tmpDir, `${randomBytes(16).toString('hex')}.read${ext}`);
      try {
        const object = await openRead(key);
        // The connection can also drop half-way through the copy: the store's failure too.
        await reachingStore('read', () =>
          pipeline(object, createWriteStream(path, { flags: 'wx', mode: 0o600 })),
        );
        return await fn(path);
      } finally {
        await rm(path, { force: true });
      }
    },

    /**
     * Closes the client's keep-alive connections to the bucket, once the server's requests and
     * jobs are over (the app's onClose). Calling it again does nothing.
     */
    close(): void {
      if (closed) return;
      closed = true;
      client.destroy();
    },
  };
}

/**
 * Stored files: one interface, two backends, chosen here and nowhere else. Uploads always stream
 * into a temporary file under STORAGE_DIR/tmp first (hashed, size-capped and sniffed on the way,
 * never held whole in memory: write-temp.ts) and only an accepted one is committed; a refused
 * file leaves nothing behind. Committed files live under STORAGE_DIR/files (local.ts, the
 * embedded default) or, with STORAGE_URL, in an S3-compatible bucket (s3.ts) that every node
 * behind a load balancer shares. Readers never see a path unless they ask for one for a while
 * (`withLocalFile`). A file that is not there (`isMissingFile`) and a bucket that does not answer
 * (StorageUnavailable, 503) are told apart: see errors.ts.
 */
import type { Readable } from 'node:stream';
import type { S3Location } from '../../config';
import { createLocalBackend } from './local';
import { createS3Backend } from './s3';
import { createStaging } from './staging';
import type { WriteOptions, WriteResult } from './write-temp';

export type { WriteOptions, WriteResult } from './write-temp';
export { isMissingFile, StorageUnavailable } from './errors';

export interface Storage {
  kind: 'local' | 's3';
  /** STORAGE_DIR: temporary files always, stored files too for the local backend. */
  root: string;
  /** Streams an upload into a temporary file (see write-temp.ts). */
  write(source: AsyncIterable<Buffer>, options: WriteOptions): Promise<WriteResult>;
  /** Deletes a temporary file that was not accepted. */
  discard(tempPath: string): Promise<void>;
  /** Keeps an accepted temporary file (which is gone afterwards); returns the key to store. */
  commit(tempPath: string, extension: string): Promise<string>;
  /** Deletes a stored file; a missing one is no error. */
  remove(key: string | null | undefined): Promise<void>;
  /**
   * Bytes of a stored file; throws when it is missing (`isMissingFile`). Every call to a bucket
   * that cannot be reached throws StorageUnavailable instead.
   */
  sizeOf(key: string): Promise<number>;
  /** The stored file as a stream; throws when it is missing. */
  openRead(key: string): Promise<Readable>;
  /** Runs `fn` with a local path holding the stored file (deleted afterwards where it is a copy). */
  withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
  /** Temporary files left by a process that died mid-upload; returns how many went. */
  sweepTemp(olderThanMs: number): number;
  /** Lets go of open connections (the S3 client's); once nothing reads or writes any more. */
  close(): void;
}

/** The local directory, or the bucket of STORAGE_URL when it is set. */
export function createStorage(root: string, s3?: S3Location): Storage {
  const staging = createStaging(root);
  const backend = s3 ? createS3Backend(staging, s3) : createLocalBackend(staging);
  return {
    root: staging.root,
    write: staging.write,
    discard: staging.discard,
    sweepTemp: staging.sweepTemp,
    ...backend,
  };
}

/**
 * Why a stored file could not be read or kept. A file that is not there is the caller's to say
 * (a download answers 404): `isMissingFile`. A bucket that cannot be reached, times out, fails
 * (5xx) or refuses the credentials is something else: the file exists, the store does not answer.
 * That is StorageUnavailable, 503 STORAGE_UNAVAILABLE to the client with the real cause kept as
 * `cause` for the server log only, and a failure that passes, so an ingestion job meeting it runs
 * again later instead of failing its document for good (services/jobs).
 */
import { AppError } from '../../http/app-error';

/** An object that is not there: S3 answers 404 (NoSuchKey for GET, NotFound for HEAD). */
export function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (e?.name === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** A stored file that is not there, in either backend (a local ENOENT or an S3 404). */
export function isMissingFile(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT' || isMissing(error);
}

export class StorageUnavailable extends AppError {
  /** The store comes back: a job that met this is put back in the queue for later. */
  readonly retryable = true;

  constructor(
    readonly operation: string,
    cause: unknown,
  ) {
    super(
      503,
      'STORAGE_UNAVAILABLE',
      'The file store cannot be reached right now. Please try again in a few minutes.',
    );
    this.name = 'StorageUnavailable';
    this.cause = cause;
  }
}

/**
 * Runs one call to the bucket: a missing object is rethrown as it is (callers tell it apart with
 * `isMissingFile`), anything else becomes StorageUnavailable.
 */
export async function reachingStore<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isMissing(error) || error instanceof StorageUnavailable) throw error;
    throw new StorageUnavailable(operation, error);
  }
}

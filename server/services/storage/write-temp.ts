/**
 * Receiving an upload: the stream goes to a temporary file under the storage's tmp/ directory,
 * hashed and counted on the way and never held whole in memory, whichever backend keeps the
 * accepted file afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Why a stream stopped being stored; the caller turns it into a status. */
export type WriteRefusal = 'too_large' | { reason: string };

export interface WriteResult {
  tempPath: string;
  size: number;
  sha256: string;
  /** The first bytes, for content sniffing after the fact. */
  head: Buffer;
  refused?: WriteRefusal;
  /** Whether any NUL byte was seen (csv must be text). */
  sawNul: boolean;
}

export interface WriteOptions {
  maxBytes: number;
  /**
   * Called once with the first bytes (up to HEAD_BYTES, or all of a shorter file): return a
   * reason to stop storing (wrong content); the rest of the stream is then drained, not written.
   */
  checkHead?: (head: Buffer) => string | undefined;
}

const HEAD_BYTES = 4100;

/**
 * Streams `source` to a temporary file. Past `maxBytes` (or a refused head) it stops writing,
 * deletes the partial file and keeps draining the source, so the next part of a multipart
 * body can still be read.
 */
export async function writeTemp(
  tmpDir: string,
  source: AsyncIterable<Buffer>,
  options: WriteOptions,
): Promise<WriteResult> {
  mkdirSync(tmpDir, { recursive: true });
  const tempPath = join(tmpDir, `${randomBytes(16).toString('hex')}.part`);
  const file = await open(tempPath, 'wx', 0o600);
  const hash = createHash('sha256');
  let size = 0;
  let headParts: Buffer[] = [];
  let headLength = 0;
  let headChecked = !options.checkHead;
  let refused: WriteRefusal | undefined;
  let sawNul = false;
  let closed = false;
  const stopStoring = async (why: WriteRefusal) => {
    refused = why;
    closed = true;
    await file.close();
    await rm(tempPath, { force: true });
  };
  try {
    for await (const chunk of source) {
      if (refused) continue; // drain
      size += chunk.length;
      if (size > options.maxBytes) {
        await stopStoring('too_large');
        continue;
      }
      if (headLength < HEAD_BYTES) {
        headParts.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      if (!headChecked && headLength >= HEAD_BYTES) {
        headChecked = true;
        const reason = options.checkHead?.(Buffer.concat(headParts));
        if (reason) {
          await stopStoring({ reason });
          continue;
        }
      }
      if (!sawNul && chunk.includes(0)) sawNul = true;
      hash.update(chunk);
      await file.write(chunk);
    }
    const head = Buffer.concat(headParts);
    headParts = [];
    if (!refused && !headChecked) {
      const reason = options.checkHead?.(head);
      if (reason) await stopStoring({ reason });
    }
    if (!closed) await file.close();
    return { tempPath, size, sha256: hash.digest('hex'), head, refused, sawNul };
  } catch (error) {
    if (!closed) await file.close().catch(() => undefined);
    await rm(tempPath, { force: true });
    throw error;
  }
}

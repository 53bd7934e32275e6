/**
 * File storage under STORAGE_DIR. Uploads stream into `tmp/` (hashed and counted on the way,
 * never held whole in memory) and are renamed into `files/` only once accepted, so a refused
 * file leaves nothing behind. Stored names are random hex chosen here: a client's file name
 * never becomes a path, which makes traversal impossible by construction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';

/** Why a stream stopped being stored; the caller turns it into a status. */
type WriteRefusal = 'too_large' | { reason: string };

interface WriteResult {
  tempPath: string;
  size: number;
  sha256: string;
  /** The first bytes, for content sniffing after the fact. */
  head: Buffer;
  refused?: WriteRefusal;
  /** Whether any NUL byte was seen (csv must be text). */
  sawNul: boolean;
}

interface WriteOptions {
  maxBytes: number;
  /**
   * Called once with the first bytes (up to HEAD_BYTES, or all of a shorter file): return a
   * reason to stop storing (wrong content); the rest of the stream is then drained, not written.
   */
  checkHead?: (head: Buffer) => string | undefined;
}

const HEAD_BYTES = 4100;
const SAFE_EXT = /^[a-z0-9]{1,8}$/;

/**
 * Streams `source` to a temporary file. Past `maxBytes` (or a refused head) it stops writing,
 * deletes the partial file and keeps draining the source, so the next part of a multipart
 * body can still be read.
 */
async function writeTemp(
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

export function createStorage(root: string) {
  const base = resolve(root);
  const tmpDir = join(base, 'tmp');
  const filesDir = join(base, 'files');

  /** Absolute path of a stored file; throws for anything that would leave the storage root. */
  function pathOf(relPath: string): string {
    const full = resolve(base, relPath);
    if (!full.startsWith(base + sep)) throw new Error('storage path outside the storage root');
    return full;
  }

  async function discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }

  return {
    root: base,
    pathOf,
    discard,

    write: (source: AsyncIterable<Buffer>, options: WriteOptions) =>
      writeTemp(tmpDir, source, options),

    /** Moves an accepted temporary file to its final place; returns the path to store. */
    async commit(tempPath: string, extension: string): Promise<string> {
      const ext = SAFE_EXT.test(extension) ? extension : 'bin';
      const name = randomBytes(16).toString('hex');
      const dir = join(filesDir, name.slice(0, 2));
      mkdirSync(dir, { recursive: true });
      const finalPath = join(dir, `${name}.${ext}`);
      await rename(tempPath, finalPath);
      return relative(base, finalPath);
    },

    async remove(relPath: string | null | undefined): Promise<void> {
      if (!relPath) return;
      await rm(pathOf(relPath), { force: true });
    },

    async sizeOf(relPath: string): Promise<number> {
      return (await stat(pathOf(relPath))).size;
    },

    /** Temporary files left by a process that died mid-upload. */
    sweepTemp(olderThanMs: number): number {
      let removed = 0;
      let names: string[] = [];
      try {
        names = readdirSync(tmpDir);
      } catch {
        return 0;
      }
      const cutoff = Date.now() - olderThanMs;
      for (const name of names) {
        const full = join(tmpDir, name);
        try {
          if (statSync(full).mtimeMs < cutoff) {
            void rm(full, { force: true });
            removed += 1;
          }
        } catch {
          // already gone
        }
      }
      return removed;
    },
  };
}

export type Storage = ReturnType<typeof createStorage>;

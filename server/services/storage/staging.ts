/**
 * What both backends share: uploads are received under STORAGE_DIR/tmp (see write-temp.ts),
 * accepted files get a key chosen here, and temporary files a dead process left are swept.
 * Keys are random hex: a client's file name never becomes a path or an object name, which makes
 * traversal impossible by construction.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, posix, resolve } from 'node:path';
import { writeTemp, type WriteOptions } from './write-temp';

const SAFE_EXT = /^[a-z0-9]{1,8}$/;

/** A new key for an accepted file: files/<2 hex>/<32 hex>.<ext>, the same in every backend. */
export function newKey(extension: string): string {
  const ext = SAFE_EXT.test(extension) ? extension : 'bin';
  const name = randomBytes(16).toString('hex');
  return `files/${name.slice(0, 2)}/${name}.${ext}`;
}

/** A key read from the database, refused when it would leave the storage (absolute, `..`). */
export function checkedKey(key: string): string {
  const normal = posix.normalize(key.replace(/\\/g, '/'));
  if (normal.startsWith('/') || normal === '..' || normal.startsWith('../') || normal === '.')
    throw new Error('storage path outside the storage root');
  return normal;
}

export function createStaging(root: string) {
  const base = resolve(root);
  const tmpDir = join(base, 'tmp');
  return {
    root: base,
    tmpDir,
    write: (source: AsyncIterable<Buffer>, options: WriteOptions) =>
      writeTemp(tmpDir, source, options),
    async discard(tempPath: string): Promise<void> {
      await rm(tempPath, { force: true });
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

export type Staging = ReturnType<typeof createStaging>;

/** The embedded backend: accepted files are renamed from tmp/ into STORAGE_DIR/files/. */
import { createReadStream, mkdirSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { checkedKey, newKey, type Staging } from './staging';

export function createLocalBackend(staging: Staging) {
  const base = staging.root;

  /** Absolute path of a stored file; throws for anything that would leave the storage root. */
  function pathOf(key: string): string {
    const full = resolve(base, checkedKey(key));
    if (!full.startsWith(base + sep)) throw new Error('storage path outside the storage root');
    return full;
  }

  return {
    kind: 'local' as const,

    async commit(tempPath: string, extension: string): Promise<string> {
      const key = newKey(extension);
      const finalPath = pathOf(key);
      mkdirSync(dirname(finalPath), { recursive: true });
      await rename(tempPath, finalPath);
      return key;
    },

    async remove(key: string | null | undefined): Promise<void> {
      if (!key) return;
      await rm(pathOf(key), { force: true });
    },

    async sizeOf(key: string): Promise<number> {
      return (await stat(pathOf(key))).size;
    },

    /** Opened before it is handed over, so a missing file throws here rather than mid-answer. */
    async openRead(key: string): Promise<Readable> {
      const stream = createReadStream(pathOf(key));
      await new Promise<void>((done, fail) => {
        stream.once('open', () => done());
        stream.once('error', fail);
      });
      return stream;
    },

    /** The stored file is already local: its own path, for as long as `fn` runs. */
    withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
      return fn(pathOf(key));
    },

    /** Nothing stays open between calls. */
    close(): void {},
  };
}

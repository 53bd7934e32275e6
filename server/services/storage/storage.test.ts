import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config';
import { startS3Server, type S3Server } from '../../test-support/s3-server';
import { createStorage, type Storage } from '.';

let s3: S3Server;
const dirs: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Bytes in chunks, as a request body arrives. */
async function* chunked(bytes: Buffer, size = 64 * 1024) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

interface Backend {
  storage: Storage;
  root: string;
  /** What is kept, wherever the backend keeps it (temporary files included). */
  stored: () => Promise<string[]>;
}

let counter = 0;
function backend(kind: 'local' | 's3', bucket?: string): Backend {
  const root = mkdtempSync(join(tmpdir(), 'atrium-storage-'));
  dirs.push(root);
  if (kind === 'local') {
    const storage = createStorage(root);
    return { storage, root, stored: async () => filesUnder(root) };
  }
  const prefix = `unit-${(counter += 1)}`;
  const env: Record<string, string> = { DATA_DIR: root, ...s3.env(prefix) };
  if (bucket) env.STORAGE_URL = `s3://${bucket}/${prefix}`;
  const storage = createStorage(root, parseEnv(env).storageS3);
  return {
    storage,
    root,
    stored: async () => [...filesUnder(root), ...(await s3.keys(`${prefix}/`))],
  };
}

// Larger than two S3 parts (8 MiB each), so the multipart path is taken.
const big = Buffer.from(Array.from({ length: 17 * 1024 * 1024 + 5 }, (_, i) => (i * 31) % 251));

describe.each(['local', 's3'] as const)('stored files, %s backend', (kind) => {
  it('when a stream is written and committed, then it reads back whole, by stream and by path', async () => {
    const { storage, stored } = backend(kind);
    const written = await storage.write(chunked(big), { maxBytes: big.length });
    expect(written.refused).toBeUndefined();
    expect(written.size).toBe(big.length);
    const key = await storage.commit(written.tempPath, 'pdf');
    expect(key).toMatch(/^files\/[0-9a-f]{2}\/[0-9a-f]{32}\.pdf$/);
    expect(existsSync(written.tempPath)).toBe(false);
    expect(await storage.sizeOf(key)).toBe(big.length);
    expect((await readAll(await storage.openRead(key))).equals(big)).toBe(true);
    let seenAt = '';
    const same = await storage.withLocalFile(key, async (path) => {
      seenAt = path;
      return readFileSync(path).equals(big);
    });
    expect(same).toBe(true);
    // The local backend hands its own file; S3's copy is deleted once the reader is done.
    expect(existsSync(seenAt)).toBe(kind === 'local');
    expect(await stored()).toHaveLength(1);
  });

  it('when the reader of a local copy fails, then its error comes through and no copy stays', async () => {
    const { storage, stored } = backend(kind);
    const written = await storage.write(chunked(Buffer.from('a,b\n1,2\n')), { maxBytes: 100 });
    const key = await storage.commit(written.tempPath, 'csv');
    await expect(
      storage.withLocalFile(key, () => Promise.reject(new Error('parser gave up'))),
    ).rejects.toThrow('parser gave up');
    expect(await stored()).toHaveLength(1);
  });

  it('when an upload is too large or its head is refused, then nothing is stored', async () => {
    const { storage, stored } = backend(kind);
    const tooLarge = await storage.write(chunked(big), { maxBytes: 1024 * 1024 });
    expect(tooLarge.refused).toBe('too_large');
    const wrongType = await storage.write(chunked(Buffer.from('MZ not a pdf at all')), {
      maxBytes: 1024,
      checkHead: (head) => (head.subarray(0, 4).toString() === '%PDF' ? undefined : 'not a pdf'),
    });
    expect(wrongType.refused).toEqual({ reason: 'not a pdf' });
    expect(await stored()).toEqual([]);
  });

  it('when a stored file is removed, then reading it fails and removing it again is harmless', async () => {
    const { storage, stored } = backend(kind);
    const written = await storage.write(chunked(Buffer.from('hello')), { maxBytes: 100 });
    const key = await storage.commit(written.tempPath, 'txt');
    await storage.remove(key);
    await storage.remove(key);
    await storage.remove(null);
    await expect(storage.sizeOf(key)).rejects.toThrow();
    await expect(storage.openRead(key)).rejects.toThrow();
    expect(await stored()).toEqual([]);
  });

  it('when a stored path would leave the storage, then it is refused', async () => {
    const { storage } = backend(kind);
    await expect(storage.openRead('../../etc/passwd')).rejects.toThrow('outside the storage');
    await expect(storage.sizeOf('/etc/passwd')).rejects.toThrow('outside the storage');
  });
});

describe('stored files in a bucket that cannot take them', () => {
  it('when the upload to S3 fails, then commit fails and neither the temporary file nor an object stays', async () => {
    const { storage, root } = backend('s3', 'no-such-bucket');
    const written = await storage.write(chunked(big), { maxBytes: big.length });
    await expect(storage.commit(written.tempPath, 'pdf')).rejects.toThrow();
    expect(filesUnder(root)).toEqual([]);
  });
});

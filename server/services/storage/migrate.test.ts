import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config';
import { startS3Server, TEST_BUCKET, type S3Server } from '../../test-support/s3-server';
import { createStorage } from '.';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');

/** `npm run storage:migrate` as an operator runs it, with these settings. */
async function migrate(env: Record<string, string>) {
  try {
    const { stdout } = await promisify(execFile)(TSX, ['scripts/storage-migrate.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

async function* bytes(content: Buffer) {
  yield content;
}

describe('storage:migrate', () => {
  let s3: S3Server;
  let dir: string;
  const prefix = `migrated-${Date.now()}`;
  const files = new Map<string, Buffer>();

  beforeAll(async () => {
    s3 = await startS3Server();
    dir = mkdtempSync(join(tmpdir(), 'atrium-migrate-'));
    const local = createStorage(dir);
    // One past an S3 part, so the copy takes the multipart path too.
    const contents = [
      Buffer.from('city,notes\nOslo,plain\n'),
      Buffer.from('%PDF-1.4 small'),
      Buffer.alloc(9 * 1024 * 1024, 'x'),
    ];
    for (const [i, content] of contents.entries()) {
      const written = await local.write(bytes(content), { maxBytes: content.length });
      files.set(await local.commit(written.tempPath, ['csv', 'pdf', 'bin'][i]), content);
    }
    // A temporary upload of a request that is over is not a stored file.
    writeFileSync(join(dir, 'tmp', 'abandoned.part'), 'half an upload');
  }, 60_000);
  afterAll(async () => {
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const settings = () => ({ STORAGE_DIR: dir, DATA_DIR: dir, ...s3.env(prefix) });
  const bucketStorage = () => createStorage(dir, parseEnv(settings()).storageS3);
  async function read(key: string): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const part of await bucketStorage().openRead(key)) parts.push(part as Buffer);
    return Buffer.concat(parts);
  }

  it('when STORAGE_URL is not set, then it says what to set and copies nothing', async () => {
    const run = await migrate({ STORAGE_DIR: dir, DATA_DIR: dir });
    expect(run.code).toBe(2);
    expect(run.out).toContain('set STORAGE_URL=s3://bucket/prefix');
  }, 60_000);

  it('when a storage directory is migrated, then every stored file is in the bucket under its own key with its bytes', async () => {
    const run = await migrate(settings());
    expect(run.code).toBe(0);
    expect(run.out).toContain('3 files: 3 copied (9.0 MiB), 0 already there, 0 failed');
    expect(run.out).toMatch(/\[1\/3\] copied/);
    expect(await s3.keys(`${prefix}/`)).toEqual(
      [...files.keys()].map((k) => `${prefix}/${k}`).sort(),
    );
    for (const [key, content] of files) expect((await read(key)).equals(content)).toBe(true);
  }, 60_000);

  it('when it runs again after an interruption, then it copies only what is missing or differs', async () => {
    const [gone, torn] = [...files.keys()];
    const client = s3.client();
    await client.send(new DeleteObjectCommand({ Bucket: TEST_BUCKET, Key: `${prefix}/${gone}` }));
    // A copy cut short: the object is there, but not all of it.
    await client.send(
      new PutObjectCommand({ Bucket: TEST_BUCKET, Key: `${prefix}/${torn}`, Body: 'cut' }),
    );
    client.destroy();
    const run = await migrate(settings());
    expect(run.code).toBe(0);
    expect(run.out).toContain('3 files: 2 copied');
    expect(run.out).toContain('1 already there, 0 failed');
    for (const [key, content] of files) expect((await read(key)).equals(content)).toBe(true);
  }, 60_000);
});

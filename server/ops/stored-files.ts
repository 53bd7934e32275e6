/**
 * Copying stored files between the installation's file store and a snapshot, by the keys the
 * database holds. The store is the storage service's (the local directory, or STORAGE_URL's
 * bucket), read by streaming; a snapshot keeps each file under its key in a directory. A key
 * that would leave the snapshot's directory is refused, whatever the database says.
 */
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { AppConfig } from '../config';
import { createStorage, isMissingFile } from '../services/storage';
import { s3Client, uploadFile } from '../services/storage/s3';

export type StoreConfig = Pick<AppConfig, 'storageDir' | 'storageS3'>;

function inside(root: string, key: string): string {
  const base = resolve(root);
  const full = resolve(base, key);
  if (!full.startsWith(base + sep)) throw new Error(`stored file key outside its root: ${key}`);
  return full;
}

export interface CopyOutcome {
  copied: number;
  bytes: number;
  /** Keys whose file was not there (removed since the database was read). */
  missing: string[];
}

/** Copies each key's file from the store into `dir` (a snapshot's files). */
export async function copyFromStore(
  keys: readonly string[],
  store: StoreConfig,
  dir: string,
): Promise<CopyOutcome> {
  const storage = createStorage(store.storageDir, store.storageS3);
  const outcome: CopyOutcome = { copied: 0, bytes: 0, missing: [] };
  try {
    for (const key of keys) {
      const to = inside(dir, key);
      let size: number;
      try {
        size = await storage.sizeOf(key);
        await mkdir(dirname(to), { recursive: true });
        await pipeline(await storage.openRead(key), createWriteStream(to, { mode: 0o600 }));
      } catch (error) {
        if (!isMissingFile(error)) throw error;
        outcome.missing.push(key);
        continue;
      }
      outcome.copied += 1;
      outcome.bytes += size;
    }
  } finally {
    storage.close();
  }
  return outcome;
}

/** Whether the store holds any file already (a restore goes into an empty one only). */
export async function storeHoldsFiles(store: StoreConfig): Promise<boolean> {
  if (store.storageS3) {
    const { bucket, prefix } = store.storageS3;
    const client = s3Client(store.storageS3);
    try {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1 }),
      );
      return (listed.KeyCount ?? 0) > 0;
    } finally {
      client.destroy();
    }
  }
  return (await listFiles(store.storageDir)).some((k) => !k.startsWith('tmp/'));
}

/** Puts every file of `dir` (a snapshot's files) into the store under its key. */
export async function copyIntoStore(dir: string, store: StoreConfig): Promise<number> {
  const keys = await listFiles(dir);
  if (store.storageS3) {
    const { bucket, prefix } = store.storageS3;
    const client = s3Client(store.storageS3);
    try {
      for (const key of keys) await uploadFile(client, bucket, prefix + key, inside(dir, key));
    } finally {
      client.destroy();
    }
    return keys.length;
  }
  for (const key of keys) {
    const to = inside(store.storageDir, key);
    await mkdir(dirname(to), { recursive: true });
    await copyFile(inside(dir, key), to);
  }
  return keys.length;
}

/** Every file under `root`, as keys relative to it. */
export async function listFiles(root: string, prefix = ''): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(join(root, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const keys: string[] = [];
  for (const entry of entries) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) keys.push(...(await listFiles(root, key)));
    else if (entry.isFile()) keys.push(key);
  }
  return keys;
}

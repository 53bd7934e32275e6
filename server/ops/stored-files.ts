/**
 * Copying stored files between the storage directory and a snapshot, by the keys the database
 * holds. A key is a path relative to its root; one that would leave the root is refused, whatever
 * the database says.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

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

/** Copies each key's file from `fromRoot` to `toRoot` (a clone where the file system can). */
export async function copyStoredFiles(
  keys: readonly string[],
  fromRoot: string,
  toRoot: string,
): Promise<CopyOutcome> {
  const outcome: CopyOutcome = { copied: 0, bytes: 0, missing: [] };
  for (const key of keys) {
    const from = inside(fromRoot, key);
    const to = inside(toRoot, key);
    let size: number;
    try {
      size = (await stat(from)).size;
    } catch {
      outcome.missing.push(key);
      continue;
    }
    await mkdir(dirname(to), { recursive: true });
    await copyFile(from, to, constants.COPYFILE_FICLONE);
    outcome.copied += 1;
    outcome.bytes += size;
  }
  return outcome;
}

/** Every file under `root`, as keys relative to it (the snapshot's files, to restore them). */
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

/**
 * `npm run storage:migrate`: copies the stored files of a STORAGE_DIR into STORAGE_URL's bucket
 * under the same keys (files/<2 hex>/<name>), so the database's paths stay valid. An object
 * already there with the same size is skipped, so an interrupted run is simply started again.
 * Temporary uploads (tmp/) are not copied: they belong to requests that are over.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import type { S3Location } from '../../config';
import { isMissing, s3Client, uploadFile } from './s3';

export interface MigrationSummary {
  files: number;
  copied: number;
  copiedBytes: number;
  skipped: number;
  failed: { key: string; reason: string }[];
}

/** Every stored file under `dir/files`, as its key and size, in a stable order. */
function storedFiles(dir: string): { key: string; path: string; size: number }[] {
  const root = join(dir, 'files');
  let entries;
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return { key: relative(dir, path).split(sep).join('/'), path, size: statSync(path).size };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}

export async function migrateStorage(
  dir: string,
  location: S3Location,
  log: (line: string) => void,
): Promise<MigrationSummary> {
  const client = s3Client(location);
  const files = storedFiles(dir);
  const summary: MigrationSummary = {
    files: files.length,
    copied: 0,
    copiedBytes: 0,
    skipped: 0,
    failed: [],
  };
  const width = String(files.length).length;
  try {
    for (const [i, file] of files.entries()) {
      const at = `[${String(i + 1).padStart(width)}/${files.length}]`;
      const Key = location.prefix + file.key;
      try {
        const there = await client
          .send(new HeadObjectCommand({ Bucket: location.bucket, Key }))
          .then((head) => head.ContentLength)
          .catch((error: unknown) => {
            if (isMissing(error)) return undefined;
            throw error;
          });
        if (there === file.size) {
          summary.skipped += 1;
          log(`${at} already there  ${file.key}`);
          continue;
        }
        await uploadFile(client, location.bucket, Key, file.path);
        summary.copied += 1;
        summary.copiedBytes += file.size;
        log(`${at} copied         ${file.key} (${file.size} bytes)`);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        summary.failed.push({ key: file.key, reason });
        log(`${at} FAILED         ${file.key}: ${reason}`);
      }
    }
  } finally {
    client.destroy();
  }
  return summary;
}

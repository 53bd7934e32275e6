/**
 * What a snapshot directory holds (`npm run backup`, `npm run restore`):
 * - `manifest.json`: when, from which database kind, how many files and bytes;
 * - `database.sqlite` (SQLite, made with VACUUM INTO) or `database.pgdump` (pg_dump's custom
 *   format, restored with pg_restore);
 * - `files/<storage key>`: every stored file the database refers to, under the key it has in
 *   the database (`files/ab/ab12….pdf`);
 * - `secrets/`: the generated `jwt-secret` and `secrets-key` of DATA_DIR when they exist. Without
 *   the secrets key, integration passwords in the restored database could not be read. The
 *   snapshot is therefore as secret as the data directory itself (its files are mode 600).
 */
import { join } from 'node:path';

export const SNAPSHOT_FORMAT = 1;

/** The files of DATA_DIR that hold generated secrets (when not given by the environment). */
export const SECRET_FILES = ['jwt-secret', 'secrets-key'] as const;

export interface SnapshotManifest {
  format: typeof SNAPSHOT_FORMAT;
  created_at: string;
  database: 'sqlite' | 'postgres';
  files: number;
  bytes: number;
  secrets: string[];
}

export function snapshotPaths(dir: string) {
  return {
    manifest: join(dir, 'manifest.json'),
    sqlite: join(dir, 'database.sqlite'),
    pgdump: join(dir, 'database.pgdump'),
    files: join(dir, 'files'),
    secrets: join(dir, 'secrets'),
  };
}

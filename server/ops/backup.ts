/**
 * `npm run backup`: a consistent snapshot of a running installation: the database as of one
 * moment, and every stored file that moment's database refers to (from the local directory or
 * STORAGE_URL's bucket alike).
 *
 * Files are written before the row naming them commits, so every file the database snapshot
 * names exists when it is read, unless it was removed for good after that moment (a purge).
 * Then the snapshot is taken again, up to three times, rather than keeping a row whose file is
 * gone.
 * - SQLite: `VACUUM INTO` copies the database inside one read transaction while the server
 *   goes on writing (WAL), and the copy is then read for its file keys.
 * - PostgreSQL: a REPEATABLE READ transaction exports its snapshot; the file keys are read in it,
 *   and pg_dump dumps that same snapshot (`--snapshot`).
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { AppConfig } from '../config';
import { runPgTool } from './pg-tools';
import {
  SECRET_FILES,
  SNAPSHOT_FORMAT,
  snapshotPaths,
  type SnapshotManifest,
} from './snapshot-layout';
import { copyFromStore, type CopyOutcome } from './stored-files';
import { postgresStoredKeys, sqliteStoredKeys } from './stored-keys';

type Config = Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'storageDir' | 'storageS3'>;
const ATTEMPTS = 3;

async function sqliteSnapshot(config: Config, dir: string): Promise<CopyOutcome> {
  const source = join(config.dataDir, 'atrium.db');
  if (!existsSync(source)) throw new Error(`No database at ${source}: nothing to back up`);
  const paths = snapshotPaths(dir);
  const live = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    // Waits for a writer's lock instead of failing at once.
    live.pragma('busy_timeout = 10000');
    live.prepare('vacuum into ?').run(paths.sqlite);
    chmodSync(paths.sqlite, 0o600);
  } finally {
    live.close();
  }
  const copy = new SQLite(paths.sqlite, { readonly: true });
  let keys: string[];
  try {
    keys = sqliteStoredKeys(copy);
  } finally {
    copy.close();
  }
  return copyFromStore(keys, config, paths.files);
}

async function postgresSnapshot(url: string, config: Config, dir: string): Promise<CopyOutcome> {
  const paths = snapshotPaths(dir);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const exported = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const keys = await postgresStoredKeys(client);
    await runPgTool('pg_dump', url, [
      '--format=custom',
      `--snapshot=${exported.rows[0].id}`,
      `--file=${paths.pgdump}`,
    ]);
    const outcome = await copyFromStore(keys, config, paths.files);
    await client.query('commit');
    return outcome;
  } finally {
    await client.end();
  }
}

/** Writes a snapshot into `dir` (new or empty); returns its manifest. */
export async function backup(
  config: Config,
  dir: string,
  log: (line: string) => void = () => undefined,
): Promise<SnapshotManifest> {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new Error(`${dir} is not empty: a snapshot goes into a new directory`);
  const database = config.databaseUrl ? 'postgres' : 'sqlite';
  let outcome: CopyOutcome | undefined;
  let takenAt = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    log(`Taking the ${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} snapshot…`);
    takenAt = new Date().toISOString();
    outcome = config.databaseUrl
      ? await postgresSnapshot(config.databaseUrl, config, dir)
      : await sqliteSnapshot(config, dir);
    if (outcome.missing.length === 0) break;
    log(`${outcome.missing.length} stored file(s) were removed while copying; starting again.`);
  }
  if (!outcome || outcome.missing.length > 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `Stored files kept disappearing while they were copied (${outcome?.missing.slice(0, 3).join(', ')}); try again when fewer deletions run`,
    );
  }
  const paths = snapshotPaths(dir);
  const secrets: string[] = [];
  for (const name of SECRET_FILES) {
    const from = join(config.dataDir, name);
    if (!existsSync(from)) continue;
    mkdirSync(paths.secrets, { recursive: true, mode: 0o700 });
    await copyFile(from, join(paths.secrets, name));
    chmodSync(join(paths.secrets, name), 0o600);
    secrets.push(name);
  }
  const manifest: SnapshotManifest = {
    format: SNAPSHOT_FORMAT,
    created_at: takenAt,
    database,
    files: outcome.copied,
    bytes: outcome.bytes,
    secrets,
  };
  writeFileSync(paths.manifest, JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  return manifest;
}

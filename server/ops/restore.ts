/**
 * `npm run restore <snapshot>`: brings a snapshot back into a fresh installation: the data
 * directory, database and file store (directory or STORAGE_URL's bucket) that the environment
 * names, as the server reads them. It refuses to write over data: an existing SQLite database, a
 * PostgreSQL database with tables, or stored files. Restoring across database kinds (a SQLite
 * snapshot into PostgreSQL) is not offered.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { runPgTool } from './pg-tools';
import { SNAPSHOT_FORMAT, snapshotPaths, type SnapshotManifest } from './snapshot-layout';
import { copyIntoStore, listFiles, storeHoldsFiles } from './stored-files';

type Config = Pick<
  AppConfig,
  'dataDir' | 'databaseUrl' | 'storageDir' | 'storageS3' | 'secretsKey'
>;

function readManifest(dir: string): SnapshotManifest {
  const file = snapshotPaths(dir).manifest;
  if (!existsSync(file)) throw new Error(`${dir} is not a snapshot: it has no manifest.json`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as SnapshotManifest;
  if (manifest.format !== SNAPSHOT_FORMAT)
    throw new Error(
      `${dir} is a snapshot of format ${manifest.format}; this version reads ${SNAPSHOT_FORMAT}`,
    );
  return manifest;
}

async function postgresTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema = current_schema()`,
    );
    return Number(r.rows[0].n);
  } finally {
    await client.end();
  }
}

export async function restore(
  config: Config,
  dir: string,
  log: (line: string) => void = () => undefined,
): Promise<SnapshotManifest> {
  const manifest = readManifest(dir);
  const paths = snapshotPaths(dir);
  const target = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database !== target)
    throw new Error(
      `The snapshot holds a ${manifest.database} database and DATABASE_URL names ${target === 'postgres' ? 'PostgreSQL' : 'the embedded SQLite database'}: restore into the same kind`,
    );
  const sqliteFile = join(config.dataDir, 'atrium.db');
  if (target === 'sqlite' && existsSync(sqliteFile))
    throw new Error(`${sqliteFile} exists: restore needs a fresh data directory`);
  if (config.databaseUrl && (await postgresTables(config.databaseUrl)) > 0)
    throw new Error('The PostgreSQL database has tables: restore needs an empty database');
  if (await storeHoldsFiles(config))
    throw new Error(
      config.storageS3
        ? `s3://${config.storageS3.bucket}/${config.storageS3.prefix} holds files: restore needs an empty bucket prefix`
        : `${config.storageDir} holds files: restore needs an empty storage directory`,
    );

  mkdirSync(config.dataDir, { recursive: true });
  log('Restoring the database…');
  if (config.databaseUrl)
    await runPgTool('pg_restore', config.databaseUrl, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      paths.pgdump,
    ]);
  else await copyFile(paths.sqlite, sqliteFile);

  log(`Restoring ${manifest.files} stored file(s)…`);
  const held = (await listFiles(paths.files)).length;
  if (held !== manifest.files)
    throw new Error(`The snapshot lists ${manifest.files} files and holds ${held}`);
  await copyIntoStore(paths.files, config);

  for (const name of manifest.secrets) {
    const to = join(config.dataDir, name);
    await copyFile(join(paths.secrets, name), to);
    chmodSync(to, 0o600);
  }
  if (manifest.secrets.includes('secrets-key') && config.secretsKey)
    log('SECRETS_KEY is set: the restored secrets-key file is kept but not used.');
  return manifest;
}

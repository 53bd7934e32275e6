/**
 * Which file an SQLite source may open. The text of a path proves nothing: `/proc/self/fd/N`,
 * `/proc/self/root/…` and symbolic links all lead elsewhere. So the path is resolved to the real
 * file (links and /proc followed), and that file must be a regular file inside the operator's
 * DB_SOURCE_SQLITE_DIR (also resolved) and outside Atrium's own directories (DATA_DIR, the
 * storage directory), whatever the configured directory contains. Unset DB_SOURCE_SQLITE_DIR
 * means no SQLite sources. The check runs at every use, and the worker that opens the file
 * verifies that what it opened is this very file (drivers/sqlite.ts).
 */
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { ConnectionFailed, type FileIdentity } from './drivers/types';

export interface SqliteDirectories {
  /** DB_SOURCE_SQLITE_DIR; unset: no SQLite sources. */
  allowed?: string;
  /** Atrium's own directories, never readable as a source. */
  own: string[];
}

/** Never a source, wherever the configured directory points: the kernel's views. */
const SYSTEM = ['/proc', '/sys', '/dev'];

const within = (path: string, dir: string) => {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

const real = (path: string) => realpath(path).catch(() => undefined);

interface CheckedFile {
  path: string;
  identity: FileIdentity;
}

const refused = () =>
  new ConnectionFailed(
    'path_refused',
    'An SQLite source must be a file in the directory the operator set aside for them.',
  );

export async function checkedSqliteFile(
  given: string,
  dirs: SqliteDirectories,
): Promise<CheckedFile> {
  if (!dirs.allowed)
    throw new ConnectionFailed(
      'sqlite_disabled',
      'SQLite file sources are not enabled on this server (DB_SOURCE_SQLITE_DIR).',
    );
  if (!isAbsolute(given)) throw refused();
  const allowed = (await real(dirs.allowed)) ?? resolve(dirs.allowed);
  const closed = [...SYSTEM];
  for (const dir of dirs.own) closed.push(resolve(dir), (await real(dir)) ?? resolve(dir));
  const permitted = (path: string) =>
    path !== allowed && within(path, allowed) && !closed.some((dir) => within(path, dir));
  const file = await real(given);
  if (file === undefined) {
    // Missing: said as such only inside the directory, so that no one probes the disk with it.
    const lexical = resolve(given);
    if (permitted(lexical) || (within(lexical, resolve(dirs.allowed)) && permitted(allowed)))
      throw new ConnectionFailed('database_missing', 'The file does not exist.');
    throw refused();
  }
  if (!permitted(file)) throw refused();
  const info = await stat(file, { bigint: true });
  if (!info.isFile())
    throw new ConnectionFailed('not_a_database', 'The path is not a regular file.');
  return { path: file, identity: { dev: String(info.dev), ino: String(info.ino) } };
}

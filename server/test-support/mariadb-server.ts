/**
 * A real MariaDB for the database-source tests: Debian's `mariadbd` on a loopback
 * port with a temporary data directory, grant tables in force (no --skip-grant-tables), and
 * real accounts. `writer` holds every right on the source database and FILE, so a test proves
 * that the read-only layers — not the account's grants — stop a write (at the driver: the
 * console refuses to save a source with such an account); `reader` may only SELECT, as a
 * source's account should. The server may write files into `fileDir` (secure_file_priv), so a
 * test can see whether INTO OUTFILE ran. scripts/test-env.mjs installs `mariadb-server` where it
 * is missing.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { freePort } from './mail-servers';

export interface MariaDbServer {
  host: string;
  port: number;
  database: string;
  /** All rights on `database`, and FILE. */
  writer: { username: string; password: string };
  /** SELECT on `database` only. */
  reader: { username: string; password: string };
  /** The one directory the server reads and writes files in (secure_file_priv). */
  fileDir: string;
  /** A root connection for setting up and checking tables. */
  admin: () => Promise<mysql.Connection>;
  stop: () => Promise<void>;
}

const MARIADBD = existsSync('/usr/sbin/mariadbd') ? '/usr/sbin/mariadbd' : 'mariadbd';

function waitForServer(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  return new Promise((resolve, reject) => {
    const attempt = async () => {
      if (child.exitCode !== null)
        return reject(new Error(`mariadbd exited (${child.exitCode}): ${log()}`));
      try {
        const c = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
        await c.end();
        resolve();
      } catch {
        if (Date.now() > deadline) reject(new Error(`mariadbd did not listen on ${port}`));
        else setTimeout(() => void attempt(), 150);
      }
    };
    void attempt();
  });
}

export async function startMariaDb(): Promise<MariaDbServer> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-mariadb-'));
  const data = join(dir, 'data');
  mkdirSync(data);
  const asRoot = userInfo().uid === 0 ? ['--user=root'] : [];
  execFileSync(
    'mariadb-install-db',
    [
      '--no-defaults',
      `--datadir=${data}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      ...asRoot,
    ],
    { stdio: 'ignore' },
  );
  const port = await freePort();
  let stderr = '';
  const child = spawn(
    MARIADBD,
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--socket=${join(dir, 'mariadb.sock')}`,
      `--pid-file=${join(dir, 'mariadb.pid')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--skip-name-resolve',
      '--innodb-buffer-pool-size=128M',
      '--skip-log-bin',
      `--secure-file-priv=${dir}`,
      ...asRoot,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  try {
    await waitForServer(port, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  const admin = () =>
    mysql.createConnection({ host: '127.0.0.1', port, user: 'root', multipleStatements: true });
  const database = 'atrium_source';
  const writer = { username: 'writer', password: 'Writer-Pass-1' };
  const reader = { username: 'reader', password: 'Reader-Pass-1' };
  const root = await admin();
  try {
    await root.query(`
      CREATE DATABASE ${database};
      CREATE USER '${writer.username}'@'127.0.0.1' IDENTIFIED BY '${writer.password}';
      GRANT ALL PRIVILEGES ON ${database}.* TO '${writer.username}'@'127.0.0.1';
      GRANT FILE ON *.* TO '${writer.username}'@'127.0.0.1';
      CREATE USER '${reader.username}'@'127.0.0.1' IDENTIFIED BY '${reader.password}';
      GRANT SELECT ON ${database}.* TO '${reader.username}'@'127.0.0.1';
    `);
  } finally {
    await root.end();
  }
  return { host: '127.0.0.1', port, database, writer, reader, fileDir: dir, admin, stop };
}

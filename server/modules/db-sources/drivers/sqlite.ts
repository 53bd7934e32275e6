/**
 * SQLite file sources. Layers: the file is opened read-only (`readonly`, `fileMustExist`, and
 * `PRAGMA query_only`), better-sqlite3 prepares exactly one statement and we run it only when
 * SQLite itself says it is a reader; rows stop at the cap. better-sqlite3 is synchronous, so
 * each query runs in a worker thread that is terminated when the time is up — a slow query
 * never blocks the API, and termination is the statement timeout.
 *
 * The worker opens only the file that sqlite-path.ts checked: it opens the path itself first
 * (not following a link), and goes on only when that descriptor is the checked device and inode
 * and the kernel names it by the checked path (/proc/self/fd); once SQLite has the file open,
 * the path must still be that inode. A path swapped for a link in between is refused.
 */
import { Worker } from 'node:worker_threads';
import type { DbTable } from '../../../../contract/db-sources';
import {
  noAccountDoubts,
  ConnectionFailed,
  QueryFailed,
  type Cell,
  type RunLimits,
  type RunResult,
  type SourceConnection,
  type SourceDriver,
} from './types';
import { quoteFor } from './quoting';

type Job = { kind: 'test' } | { kind: 'tables' } | { kind: 'run'; sql: string; rowCap: number };

// Plain JavaScript: an eval'd worker is not compiled by tsx or vitest.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Database = require('better-sqlite3');
const { file, identity, job } = workerData;
const cell = (v) => typeof v === 'bigint' ? (v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(v) : v.toString())
  : Buffer.isBuffer(v) ? '<' + v.length + ' bytes>' : v === undefined ? null : v;
const moved = () => Object.assign(new Error('The file is not the one that was checked.'), { code: 'ATRIUM_PATH_CHANGED' });
const same = (st) => identity && st.isFile() && String(st.dev) === identity.dev && String(st.ino) === identity.ino;
let db;
let fd;
try {
  const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;
  fd = fs.openSync(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  if (!same(fs.fstatSync(fd, { bigint: true }))) throw moved();
  if (fs.existsSync('/proc/self/fd') && fs.readlinkSync('/proc/self/fd/' + fd) !== file) throw moved();
  db = new Database(file, { readonly: true, fileMustExist: true });
  if (!same(fs.statSync(file, { bigint: true }))) throw moved();
  db.pragma('query_only = ON');
  db.defaultSafeIntegers(true);
  if (job.kind === 'test') {
    // Reading the schema proves the file is a database; what it holds is not told.
    db.prepare("select count(*) as n from sqlite_schema").get();
    parentPort.postMessage({ ok: db.prepare('select sqlite_version() as v').get().v });
  } else if (job.kind === 'tables') {
    const names = db.prepare("select name from sqlite_schema where type in ('table','view') and name not like 'sqlite\\\\_%' escape '\\\\' order by name").all();
    parentPort.postMessage({ ok: names.map(({ name }) => ({ name, columns:
      db.prepare('select name, type from pragma_table_info(?)').all(name).map((c) => ({ name: c.name, type: c.type || '' })) })) });
  } else {
    const stmt = db.prepare(job.sql);
    if (!stmt.reader) { parentPort.postMessage({ readOnly: 'The statement does not return rows.' }); }
    else {
      stmt.raw(true);
      const rows = [];
      for (const row of stmt.iterate()) { rows.push(row.map(cell)); if (rows.length > job.rowCap) break; }
      parentPort.postMessage({ ok: { columns: stmt.columns().map((c) => c.name), rows } });
    }
  }
} catch (error) {
  parentPort.postMessage({ error: { code: error.code || '', message: error.message } });
} finally {
  if (db) db.close();
  if (fd !== undefined) fs.closeSync(fd);
}
`;

type Answer =
  | { ok: unknown }
  | { readOnly: string }
  | { error: { code: string; message: string } }
  | { timedOut: true };

function inWorker(conn: SourceConnection, job: Job, timeoutMs: number): Promise<Answer> {
  const workerData = { file: conn.database, identity: conn.fileIdentity ?? null, job };
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData });
    const timer = setTimeout(() => {
      resolve({ timedOut: true });
      void worker.terminate();
    }, timeoutMs);
    worker.once('message', (answer: Answer) => {
      clearTimeout(timer);
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function connectionFailure(error: { code: string; message: string }): ConnectionFailed {
  if (error.code === 'ATRIUM_PATH_CHANGED' || error.code === 'ELOOP')
    return new ConnectionFailed('path_refused', error.message);
  if (error.code === 'ENOENT')
    return new ConnectionFailed('database_missing', 'The file does not exist or cannot be opened.');
  if (error.code === 'SQLITE_CANTOPEN' || /does not exist/i.test(error.message))
    return new ConnectionFailed('database_missing', 'The file does not exist or cannot be opened.');
  if (error.code === 'SQLITE_NOTADB')
    return new ConnectionFailed('not_a_database', 'The file is not an SQLite database.');
  return new ConnectionFailed('unknown', error.message);
}

async function meta<T>(conn: SourceConnection, job: Job): Promise<T> {
  const answer = await inWorker(conn, job, 10_000);
  if ('timedOut' in answer) throw new ConnectionFailed('timeout', 'The file did not open in time.');
  if ('error' in answer) throw connectionFailure(answer.error);
  if ('ok' in answer) return answer.ok as T;
  throw new ConnectionFailed('unknown', 'No answer.');
}

export const sqliteDriver: SourceDriver = {
  quote: quoteFor.sqlite,

  test: (conn) =>
    meta<string>(conn, { kind: 'test' }).then((v) => ({
      version: `SQLite ${v}`,
      account: noAccountDoubts(),
    })),

  tables: (conn) => meta<DbTable[]>(conn, { kind: 'tables' }),

  async run(conn, sql, limits: RunLimits): Promise<RunResult> {
    const answer = await inWorker(
      conn,
      { kind: 'run', sql, rowCap: limits.rowCap },
      limits.timeoutMs,
    );
    if ('timedOut' in answer)
      throw new QueryFailed('timeout', 'The query ran too long and was stopped.');
    if ('readOnly' in answer) throw new QueryFailed('read_only', answer.readOnly);
    if ('error' in answer) {
      if (
        /^(SQLITE_CANTOPEN|SQLITE_NOTADB|ATRIUM_PATH_CHANGED|ELOOP|ENOENT)$/.test(answer.error.code)
      )
        throw connectionFailure(answer.error);
      const kind = /readonly|read-only|query_only/i.test(answer.error.message)
        ? 'read_only'
        : 'error';
      throw new QueryFailed(kind, answer.error.message);
    }
    const { columns, rows } = (answer as { ok: { columns: string[]; rows: Cell[][] } }).ok;
    return { columns, rows: rows.slice(0, limits.rowCap), truncated: rows.length > limits.rowCap };
  },
};

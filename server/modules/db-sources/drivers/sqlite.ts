/**
 * SQLite file sources. Layers: the file is opened read-only (`readonly`, `fileMustExist`, and
 * `PRAGMA query_only`), better-sqlite3 prepares exactly one statement and we run it only when
 * SQLite itself says it is a reader; rows stop at the cap. better-sqlite3 is synchronous, so
 * each query runs in a worker thread that is terminated when the time is up — a slow query
 * never blocks the API, and termination is the statement timeout.
 */
import { Worker } from 'node:worker_threads';
import type { DbTable } from '../../../../contract/db-sources';
import {
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
const Database = require('better-sqlite3');
const { file, job } = workerData;
const cell = (v) => typeof v === 'bigint' ? (v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(v) : v.toString())
  : Buffer.isBuffer(v) ? '<' + v.length + ' bytes>' : v === undefined ? null : v;
let db;
try {
  db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('query_only = ON');
  db.defaultSafeIntegers(true);
  if (job.kind === 'test') {
    parentPort.postMessage({ ok: db.prepare('select sqlite_version() as v').get().v + ' (' +
      db.prepare("select count(*) as n from sqlite_schema").get().n + ' objects)' });
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
}
`;

type Answer =
  | { ok: unknown }
  | { readOnly: string }
  | { error: { code: string; message: string } }
  | { timedOut: true };

function inWorker(file: string, job: Job, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { file, job } });
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
  if (error.code === 'SQLITE_CANTOPEN' || /does not exist/i.test(error.message))
    return new ConnectionFailed('database_missing', 'The file does not exist or cannot be opened.');
  if (error.code === 'SQLITE_NOTADB')
    return new ConnectionFailed('not_a_database', 'The file is not an SQLite database.');
  return new ConnectionFailed('unknown', error.message);
}

async function meta<T>(conn: SourceConnection, job: Job): Promise<T> {
  const answer = await inWorker(conn.database, job, 10_000);
  if ('timedOut' in answer) throw new ConnectionFailed('timeout', 'The file did not open in time.');
  if ('error' in answer) throw connectionFailure(answer.error);
  if ('ok' in answer) return answer.ok as T;
  throw new ConnectionFailed('unknown', 'No answer.');
}

export const sqliteDriver: SourceDriver = {
  quote: quoteFor.sqlite,

  test: (conn) => meta<string>(conn, { kind: 'test' }).then((v) => `SQLite ${v}`),

  tables: (conn) => meta<DbTable[]>(conn, { kind: 'tables' }),

  async run(conn, sql, limits: RunLimits): Promise<RunResult> {
    const answer = await inWorker(
      conn.database,
      { kind: 'run', sql, rowCap: limits.rowCap },
      limits.timeoutMs,
    );
    if ('timedOut' in answer)
      throw new QueryFailed('timeout', 'The query ran too long and was stopped.');
    if ('readOnly' in answer) throw new QueryFailed('read_only', answer.readOnly);
    if ('error' in answer) {
      if (answer.error.code === 'SQLITE_CANTOPEN' || answer.error.code === 'SQLITE_NOTADB')
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

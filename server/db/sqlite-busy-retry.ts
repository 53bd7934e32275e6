/**
 * SQLite lets one connection write at a time. With several server processes on one database
 * file (WEB_CONCURRENCY), a write often finds another process's write under way. SQLite's own
 * busy handler would then sleep in the calling thread — blocking this process's event loop, and
 * every request it holds, for 1 ms, then 2, 5, 10 … while it retries. Instead the connection
 * fails at once (busy_timeout 0) and the statement is retried here after an asynchronous pause,
 * so the process keeps serving other requests meanwhile. A statement that failed with
 * SQLITE_BUSY did nothing, so running it again is safe.
 */
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type TransactionSettings,
} from 'kysely';

/** How long a statement keeps trying before its SQLITE_BUSY is raised (the old busy_timeout). */
const GIVE_UP_MS = 5_000;
const MAX_PAUSE_MS = 20;

/** SQLITE_BUSY and its extended codes, except the one retrying cannot cure (an old snapshot). */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && code.startsWith('SQLITE_BUSY') && code !== 'SQLITE_BUSY_SNAPSHOT'
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function retryWhileBusy<T>(run: () => Promise<T>, giveUpMs = GIVE_UP_MS): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || Date.now() - started >= giveUpMs) throw error;
      // 1, 2, 4 … 20 ms, with jitter so two processes do not retry in step.
      await pause(Math.min(MAX_PAUSE_MS, 2 ** attempt) * (0.5 + Math.random()));
    }
  }
}

function retrying(connection: DatabaseConnection): DatabaseConnection {
  return {
    executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
      retryWhileBusy(() => Promise.resolve().then(() => connection.executeQuery<R>(query))),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/** Kysely's SQLite dialect whose statements wait for a busy database without blocking. */
export class BusyRetrySqliteDialect extends SqliteDialect {
  createDriver(): Driver {
    const driver = super.createDriver();
    const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
    const outer = (connection: DatabaseConnection) => {
      let found = wrapped.get(connection);
      if (!found) wrapped.set(connection, (found = retrying(connection)));
      return found;
    };
    return {
      init: () => driver.init(),
      acquireConnection: async () => outer(await driver.acquireConnection()),
      beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) =>
        driver.beginTransaction(connection, settings),
      commitTransaction: (connection: DatabaseConnection) => driver.commitTransaction(connection),
      rollbackTransaction: (connection: DatabaseConnection) =>
        driver.rollbackTransaction(connection),
      ...(driver.savepoint && { savepoint: driver.savepoint.bind(driver) }),
      ...(driver.rollbackToSavepoint && {
        rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver),
      }),
      ...(driver.releaseSavepoint && { releaseSavepoint: driver.releaseSavepoint.bind(driver) }),
      releaseConnection: (connection: DatabaseConnection) => driver.releaseConnection(connection),
      destroy: () => driver.destroy(),
    };
  }
}

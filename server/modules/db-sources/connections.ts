/**
 * How a database source is reached, whoever asks (a test, the tables, a query, the assistant):
 * - A server source's host follows the integrations' host policy (INTEGRATION_HOSTS_ALLOW): it
 *   is resolved once, checked, and the driver connects to that address, never to the name again.
 *   A Trial requester reaches no private or loopback address at all.
 * - An SQLite source's file is resolved and checked at every use (sqlite-path.ts).
 * - Failures of the network read the same whatever answered (refused, silent, another
 *   protocol): one neutral text, the detail in the server's log. Only a real server of the type
 *   can say that the user name or the database is wrong.
 * - An account that may do more than read is refused, naming the rights to revoke.
 */
import type { DbSourceType } from '../../../contract/db-sources';
import { AppError } from '../../http/app-error';
import {
  HostRefused,
  refusalText,
  type IntegrationHosts,
  type Requester,
} from '../../services/fetch/integration-hosts';
import {
  AccountRefused,
  ConnectionFailed,
  QueryFailed,
  type SourceConnection,
} from './drivers/types';
import { dbSourceErrors } from './errors';
import { checkedSqliteFile, type SqliteDirectories } from './sqlite-path';

/** What a failure may say: these need a real server of the type (or the file) to answer. */
const TOLD = new Set([
  'auth_failed',
  'database_missing',
  'database_denied',
  'not_a_database',
  'path_refused',
  'sqlite_disabled',
]);

interface ConnectionLog {
  warn(details: Record<string, unknown>, message: string): void;
}

interface ConnectionDeps {
  hosts: IntegrationHosts;
  sqlite: SqliteDirectories;
  log: ConnectionLog;
}

export function createSourceConnections({ hosts, sqlite, log }: ConnectionDeps) {
  /** The connection the driver opens: the checked file, or the checked address. */
  async function reached(
    type: DbSourceType,
    conn: SourceConnection,
    requester: Requester,
  ): Promise<SourceConnection> {
    if (type === 'sqlite') {
      const file = await checkedSqliteFile(conn.database, sqlite);
      return { ...conn, database: file.path, fileIdentity: file.identity };
    }
    const pinned = await hosts.pin(conn.host, requester);
    return { ...conn, host: pinned.address };
  }

  function failure(type: DbSourceType, conn: SourceConnection, requester: Requester, e: unknown) {
    if (e instanceof AppError || e instanceof QueryFailed) return e;
    if (e instanceof HostRefused)
      return e.kind === 'private'
        ? dbSourceErrors.connection('host_refused', refusalText(e, requester))
        : dbSourceErrors.unreachable(type);
    if (e instanceof AccountRefused) return dbSourceErrors.privileged(e.rights);
    if (e instanceof ConnectionFailed && (TOLD.has(e.failure) || type === 'sqlite'))
      return dbSourceErrors.connection(e.failure, e.message);
    if (type === 'sqlite') return e;
    const detail = e instanceof Error ? e.message : String(e);
    log.warn(
      { db_type: type, host: conn.host, port: conn.port, detail },
      'database source: connection failed',
    );
    return dbSourceErrors.unreachable(type);
  }

  return {
    /** Runs `work` on the reached connection; every failure comes out as the API says it. */
    async open<T>(
      type: DbSourceType,
      conn: SourceConnection,
      requester: Requester,
      work: (reachedConn: SourceConnection) => Promise<T>,
    ): Promise<T> {
      try {
        return await work(await reached(type, conn, requester));
      } catch (error) {
        throw failure(type, conn, requester, error);
      }
    },

    /** The SQLite file check alone, for a source saved switched off. */
    checkFile: (path: string) => checkedSqliteFile(path, sqlite),
  };
}

export type SourceConnections = ReturnType<typeof createSourceConnections>;

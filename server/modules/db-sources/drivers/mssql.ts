/**
 * Microsoft SQL Server sources (tedious). SQL Server has no read-only transaction: the layers
 * are the parser (one SELECT only), a transaction that is always rolled back, the read-only
 * application intent, the request timeout (tedious sends an attention, the server cancels) and
 * the row cap (the request is cancelled once one row more than the cap has come).
 */
import { Connection, Request } from 'tedious';
import type { DbTable } from '../../../../contract/db-sources';
import {
  cellOf,
  ConnectionFailed,
  networkFailure,
  QueryFailed,
  type AccountReview,
  type Cell,
  type RunLimits,
  type RunResult,
  type SourceConnection,
  type SourceDriver,
} from './types';
import { quoteFor } from './quoting';

const CONNECT_TIMEOUT_MS = 5000;

function failureOf(error: unknown): ConnectionFailed {
  const cause = (error as { cause?: unknown }).cause;
  const network = networkFailure(cause ?? error);
  if (network) return network;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ESOCKET')
    return new ConnectionFailed('unreachable', `The server cannot be reached (${message}).`);
  if (code === 'ETIMEOUT')
    return new ConnectionFailed('unreachable', 'The server did not answer in time.');
  if (code === 'ELOGIN')
    return /cannot open database/i.test(message)
      ? new ConnectionFailed('database_missing', 'The database does not exist on the server.')
      : new ConnectionFailed('auth_failed', 'The server refused the user name or password.');
  return new ConnectionFailed('unknown', message);
}

function connected(conn: SourceConnection, requestTimeout: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const connection = new Connection({
      server: conn.host,
      authentication: {
        type: 'default',
        options: { userName: conn.username, password: conn.password },
      },
      options: {
        port: conn.port ?? 1433,
        database: conn.database,
        connectTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout,
        readOnlyIntent: true,
        trustServerCertificate: true,
        encrypt: false,
      },
    });
    connection.on('error', () => undefined);
    connection.connect((error) => {
      if (error) {
        connection.close();
        reject(failureOf(error));
      } else resolve(connection);
    });
  });
}

function rowsOf(
  connection: Connection,
  sql: string,
  cap: number,
): Promise<{ columns: string[]; rows: Cell[][] }> {
  return new Promise((resolve, reject) => {
    const rows: Cell[][] = [];
    let columns: string[] = [];
    let cancelled = false;
    const request = new Request(sql, (error) => {
      if (error && !cancelled) reject(error);
      else resolve({ columns, rows });
    });
    request.on('columnMetadata', (meta) => {
      const list = Array.isArray(meta) ? meta : Object.values(meta);
      columns = list.map((c) => c.colName);
    });
    request.on('row', (row) => {
      const list = Array.isArray(row) ? row : Object.values(row);
      rows.push(list.map((c) => cellOf(c.value)));
      if (rows.length > cap && !cancelled) {
        cancelled = true;
        connection.cancel();
      }
    });
    connection.execSql(request);
  });
}

const transaction = (connection: Connection, step: 'begin' | 'rollback') =>
  new Promise<void>((resolve, reject) => {
    const done = (error?: Error | null) => (error ? reject(error) : resolve());
    if (step === 'begin') connection.beginTransaction(done);
    else connection.rollbackTransaction(done);
  });

/**
 * Server-wide control or database ownership is refused; membership of the roles that write
 * data or define objects is a warning (the transaction is rolled back, but least privilege is
 * db_datareader). A server that does not answer the question leaves a warning that it was not
 * checked.
 */
async function review(connection: Connection): Promise<AccountReview> {
  try {
    const { rows } = await rowsOf(
      connection,
      `SELECT IS_SRVROLEMEMBER('sysadmin'), HAS_PERMS_BY_NAME(NULL, NULL, 'CONTROL SERVER'),
              IS_ROLEMEMBER('db_owner'), IS_ROLEMEMBER('db_datawriter'),
              IS_ROLEMEMBER('db_ddladmin')`,
      1,
    );
    const [sysadmin, control, owner, writer, ddl] = rows[0] ?? [];
    const refused = [
      ...(sysadmin === 1 ? ['SYSADMIN'] : []),
      ...(control === 1 ? ['CONTROL SERVER'] : []),
      ...(owner === 1 ? ['DB_OWNER'] : []),
    ];
    const warnings = writer === 1 || ddl === 1 ? ['table_writes'] : [];
    return { refused, warnings };
  } catch {
    return { refused: [], warnings: ['rights_unchecked'] };
  }
}

export const mssqlDriver: SourceDriver = {
  quote: quoteFor.mssql,

  async test(conn) {
    const connection = await connected(conn, 5000);
    try {
      const { rows } = await rowsOf(connection, 'SELECT @@VERSION', 1);
      return { version: String(rows[0]?.[0] ?? 'SQL Server'), account: await review(connection) };
    } finally {
      connection.close();
    }
  },

  async tables(conn): Promise<DbTable[]> {
    const connection = await connected(conn, 10_000);
    try {
      const { rows } = await rowsOf(
        connection,
        `SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, DATA_TYPE FROM INFORMATION_SCHEMA.COLUMNS
          ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION`,
        100_000,
      );
      const tables = new Map<string, DbTable>();
      for (const [schema, tableName, column, type] of rows) {
        const name = schema === 'dbo' ? String(tableName) : `${schema}.${tableName}`;
        const table = tables.get(name) ?? { name, columns: [] };
        table.columns.push({ name: String(column), type: String(type) });
        tables.set(name, table);
      }
      return [...tables.values()];
    } finally {
      connection.close();
    }
  },

  async run(conn, sql, limits: RunLimits): Promise<RunResult> {
    const connection = await connected(conn, limits.timeoutMs);
    try {
      await transaction(connection, 'begin');
      const { columns, rows } = await rowsOf(connection, sql, limits.rowCap);
      return {
        columns,
        rows: rows.slice(0, limits.rowCap),
        truncated: rows.length > limits.rowCap,
      };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'ETIMEOUT')
        throw new QueryFailed('timeout', 'The query ran too long and was stopped.');
      throw new QueryFailed('error', error instanceof Error ? error.message : String(error));
    } finally {
      await transaction(connection, 'rollback').catch(() => undefined);
      connection.close();
    }
  },
};

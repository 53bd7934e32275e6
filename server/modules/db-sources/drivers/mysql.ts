/**
 * MySQL and MariaDB sources. Layers: one statement per call (mysql2 without
 * multipleStatements, so `;` starts a syntax error on the server), the session's statement
 * timeout (MariaDB `max_statement_time`, MySQL `max_execution_time`) and row cap
 * (`sql_select_limit`), `START TRANSACTION READ ONLY`, then ROLLBACK; the driver's own timeout
 * is the backstop if the server does not stop.
 */
import mysql from 'mysql2/promise';
import type { DbTable } from '../../../../contract/db-sources';
import {
  cellOf,
  ConnectionFailed,
  networkFailure,
  QueryFailed,
  type RunLimits,
  type RunResult,
  type SourceConnection,
  type SourceDriver,
} from './types';

const CONNECT_TIMEOUT_MS = 5000;

function failureOf(error: unknown): ConnectionFailed {
  const network = networkFailure(error);
  if (network) return network;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_DBACCESS_DENIED_ERROR')
    return new ConnectionFailed('auth_failed', 'The server refused the user name or password.');
  if (code === 'ER_BAD_DB_ERROR')
    return new ConnectionFailed('database_missing', 'The database does not exist on the server.');
  return new ConnectionFailed('unknown', message);
}

async function connected(conn: SourceConnection): Promise<mysql.Connection> {
  try {
    const connection = await mysql.createConnection({
      host: conn.host,
      port: conn.port ?? 3306,
      user: conn.username,
      password: conn.password,
      database: conn.database,
      connectTimeout: CONNECT_TIMEOUT_MS,
      multipleStatements: false,
      supportBigNumbers: true,
      dateStrings: true,
    });
    connection.on('error', () => undefined);
    return connection;
  } catch (error) {
    throw failureOf(error);
  }
}

function queryFailure(error: unknown): QueryFailed {
  const errno = (error as { errno?: unknown }).errno;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  // 1969 MariaDB max_statement_time, 3024 MySQL max_execution_time, PROTOCOL_SEQUENCE_TIMEOUT
  // the driver's backstop.
  if (errno === 1969 || errno === 3024 || code === 'PROTOCOL_SEQUENCE_TIMEOUT')
    return new QueryFailed('timeout', 'The query ran too long and was stopped.');
  if (errno === 1792) return new QueryFailed('read_only', message);
  return new QueryFailed('error', message);
}

export const mysqlDriver: SourceDriver = {
  quote: (identifier) => `\`${identifier.replace(/`/g, '``')}\``,

  async test(conn) {
    const connection = await connected(conn);
    try {
      const [rows] = await connection.query<mysql.RowDataPacket[]>('SELECT VERSION() AS v');
      return String(rows[0]?.v ?? 'MySQL');
    } finally {
      await connection.end().catch(() => undefined);
    }
  },

  async tables(conn): Promise<DbTable[]> {
    const connection = await connected(conn);
    try {
      const [rows] = await connection.query<mysql.RowDataPacket[]>(
        `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, DATA_TYPE AS d
           FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE()
          ORDER BY TABLE_NAME, ORDINAL_POSITION`,
      );
      const tables = new Map<string, DbTable>();
      for (const row of rows) {
        const name = String(row.t);
        const table = tables.get(name) ?? { name, columns: [] };
        table.columns.push({ name: String(row.c), type: String(row.d) });
        tables.set(name, table);
      }
      return [...tables.values()];
    } finally {
      await connection.end().catch(() => undefined);
    }
  },

  async run(conn, sql, limits: RunLimits): Promise<RunResult> {
    const connection = await connected(conn);
    try {
      const [version] = await connection.query<mysql.RowDataPacket[]>('SELECT VERSION() AS v');
      const mariadb = /mariadb/i.test(String(version[0]?.v));
      const timeout = mariadb
        ? `max_statement_time = ${(limits.timeoutMs / 1000).toFixed(3)}`
        : `max_execution_time = ${Math.round(limits.timeoutMs)}`;
      await connection.query(
        `SET SESSION ${timeout}, SESSION sql_select_limit = ${limits.rowCap + 1}`,
      );
      await connection.query('START TRANSACTION READ ONLY');
      const [rows, fields] = await connection.query<mysql.RowDataPacket[]>({
        sql,
        rowsAsArray: true,
        timeout: limits.timeoutMs + 2000,
      });
      const list = rows as unknown as unknown[][];
      return {
        columns: (fields ?? []).map((f) => f.name),
        rows: list.slice(0, limits.rowCap).map((row) => row.map(cellOf)),
        truncated: list.length > limits.rowCap,
      };
    } catch (error) {
      throw error instanceof ConnectionFailed ? error : queryFailure(error);
    } finally {
      await connection.query('ROLLBACK').catch(() => undefined);
      await connection.end().catch(() => undefined);
    }
  },
};

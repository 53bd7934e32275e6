/**
 * MySQL and MariaDB sources. Layers: one statement per call (mysql2 without
 * multipleStatements, so `;` starts a syntax error on the server), the session's statement
 * timeout (MariaDB `max_statement_time`, MySQL `max_execution_time`) and row cap
 * (`sql_select_limit`), `START TRANSACTION READ ONLY`, then ROLLBACK; the driver's own timeout
 * is the backstop if the server does not stop.
 *
 * DDL commits implicitly and is not stopped by a read-only transaction in MySQL/MariaDB, so
 * before anything runs the server's own parser classifies the statement: `EXPLAIN <sql>` reads
 * only SELECT, INSERT, UPDATE, DELETE and REPLACE (anything else is a syntax error there), and
 * its plan names the statement's kind; only a plan of SELECTs goes on.
 *
 * The session reads strings as the guard's parser does: backslash escapes on and double quotes
 * as strings (sql_mode without NO_BACKSLASH_ESCAPES and ANSI_QUOTES), so that a literal ends on
 * the server where it ended in the checked tree. The account is refused when it holds any right
 * beyond reading (mysql-grants.ts), at the test and, for the console, before every use.
 */
import mysql from 'mysql2/promise';
import type { DbTable } from '../../../../contract/db-sources';
import { rightsBeyondReading } from './mysql-grants';
import {
  AccountRefused,
  cellOf,
  ConnectionFailed,
  networkFailure,
  QueryFailed,
  type RunLimits,
  type RunResult,
  type SourceConnection,
  type SourceDriver,
  type UseOptions,
} from './types';
import { quoteFor } from './quoting';

const CONNECT_TIMEOUT_MS = 5000;

function failureOf(error: unknown): ConnectionFailed {
  const network = networkFailure(error);
  if (network) return network;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  // 1045: the user name or password. 1044 comes after they were accepted: the account may not
  // use a database of this name, which is what a misspelt name looks like to an account that
  // holds rights on its own databases only (the server tells the unknown database, 1049, only
  // to an account with rights on every database).
  if (code === 'ER_ACCESS_DENIED_ERROR')
    return new ConnectionFailed('auth_failed', 'The server refused the user name or password.');
  if (code === 'ER_DBACCESS_DENIED_ERROR')
    return new ConnectionFailed('database_denied', `The server answered: ${message}`);
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
      decimalNumbers: true,
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

const WRITING_PLAN = /^(insert|update|delete|replace)$/i;

async function assertServerSeesSelect(connection: mysql.Connection, sql: string) {
  let plan: mysql.RowDataPacket[];
  try {
    [plan] = await connection.query<mysql.RowDataPacket[]>(`EXPLAIN ${sql}`);
  } catch (error) {
    // 1064: the server's parser does not read it as an explainable statement (DDL, SET, DO, …).
    if ((error as { errno?: unknown }).errno === 1064)
      throw new QueryFailed('read_only', 'The server does not read this as a single query.');
    throw queryFailure(error);
  }
  if (plan.some((row) => WRITING_PLAN.test(String(row.select_type ?? ''))))
    throw new QueryFailed('read_only', 'The server reads this as a statement that writes.');
}

async function assertReadingAccount(connection: mysql.Connection, options?: UseOptions) {
  if (!options?.checkAccount) return;
  const refused = await rightsBeyondReading(connection);
  if (refused.length > 0) throw new AccountRefused(refused);
}

/** sql_mode without the modes that make the server read quotes otherwise than the parser. */
const PARSER_QUOTING = new Set(['NO_BACKSLASH_ESCAPES', 'ANSI_QUOTES', 'ANSI']);
const parserSqlMode = (mode: unknown) =>
  String(mode ?? '')
    .split(',')
    .filter((m) => m && !PARSER_QUOTING.has(m.toUpperCase()))
    .join(',');

export const mysqlDriver: SourceDriver = {
  quote: quoteFor.mysql,

  async test(conn) {
    const connection = await connected(conn);
    try {
      const [rows] = await connection.query<mysql.RowDataPacket[]>('SELECT VERSION() AS v');
      const refused = await rightsBeyondReading(connection);
      return {
        version: String(rows[0]?.v ?? 'MySQL'),
        account: { refused, warnings: [] },
      };
    } finally {
      await connection.end().catch(() => undefined);
    }
  },

  async tables(conn, options): Promise<DbTable[]> {
    const connection = await connected(conn);
    try {
      await assertReadingAccount(connection, options);
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

  async run(conn, sql, limits: RunLimits, options): Promise<RunResult> {
    const connection = await connected(conn);
    try {
      await assertReadingAccount(connection, options);
      const [session] = await connection.query<mysql.RowDataPacket[]>(
        'SELECT VERSION() AS v, @@SESSION.sql_mode AS m',
      );
      const mariadb = /mariadb/i.test(String(session[0]?.v));
      const timeout = mariadb
        ? `max_statement_time = ${(limits.timeoutMs / 1000).toFixed(3)}`
        : `max_execution_time = ${Math.round(limits.timeoutMs)}`;
      await connection.query(
        `SET SESSION ${timeout}, SESSION sql_select_limit = ${limits.rowCap + 1}, SESSION sql_mode = ?`,
        [parserSqlMode(session[0]?.m)],
      );
      await assertServerSeesSelect(connection, sql);
      await connection.query('START TRANSACTION READ ONLY');
      const [rows, fields] = await connection.query<mysql.RowDataPacket[]>({
        sql,
        rowsAsArray: true,
        timeout: limits.timeoutMs + 2000,
      });
      if (!Array.isArray(rows))
        throw new QueryFailed('read_only', 'The statement returned no rows.');
      const list = rows as unknown as unknown[][];
      return {
        columns: (fields ?? []).map((f) => f.name),
        rows: list.slice(0, limits.rowCap).map((row) => row.map(cellOf)),
        truncated: list.length > limits.rowCap,
      };
    } catch (error) {
      if (error instanceof ConnectionFailed || error instanceof QueryFailed) throw error;
      throw queryFailure(error);
    } finally {
      await connection.query('ROLLBACK').catch(() => undefined);
      await connection.end().catch(() => undefined);
    }
  },
};

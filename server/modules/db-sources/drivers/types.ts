/**
 * What every database driver of a source does, whatever the server: test a connection, list
 * tables and columns, and run one already-checked SELECT under its read-only layers.
 */
import type { DbFailure, DbTable } from '../../../../contract/db-sources';

export interface SourceConnection {
  host: string;
  port: number | null;
  database: string;
  username: string;
  password: string;
}

export interface RunLimits {
  /** Server-side statement timeout. */
  timeoutMs: number;
  /** Rows kept at most; one more is asked for to know whether the result was cut. */
  rowCap: number;
}

export type Cell = string | number | boolean | null;

export interface RunResult {
  columns: string[];
  rows: Cell[][];
  truncated: boolean;
}

export interface SourceDriver {
  /** Connects and answers the server's version; throws ConnectionFailed naming what failed. */
  test(conn: SourceConnection): Promise<string>;
  tables(conn: SourceConnection): Promise<DbTable[]>;
  /** Runs `sql` (one SELECT, checked by read-only-guard) read-only; throws QueryFailed. */
  run(conn: SourceConnection, sql: string, limits: RunLimits): Promise<RunResult>;
  /** How the driver quotes an identifier (for queries built by picking). */
  quote(identifier: string): string;
}

export class ConnectionFailed extends Error {
  constructor(
    readonly failure: DbFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'ConnectionFailed';
  }
}

/** A query the server refused or cut off: `timeout`, `read_only` (a write reached it) or `error`. */
export class QueryFailed extends Error {
  constructor(
    readonly kind: 'timeout' | 'read_only' | 'error',
    detail: string,
  ) {
    super(detail);
    this.name = 'QueryFailed';
  }
}

/** Values as JSON can carry them: bigints and decimals as numbers when exact, dates as ISO. */
export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint')
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Network errors every driver sees the same way. */
export function networkFailure(error: unknown): ConnectionFailed | undefined {
  const code = (error as { code?: unknown }).code;
  if (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'EHOSTUNREACH' ||
    code === 'ENETUNREACH' ||
    code === 'EAI_AGAIN' ||
    code === 'ECONNRESET'
  )
    return new ConnectionFailed('host_unreachable', `The server cannot be reached (${code}).`);
  if (code === 'ETIMEDOUT' || code === 'ETIMEOUT')
    return new ConnectionFailed('timeout', 'The server did not answer in time.');
  return undefined;
}

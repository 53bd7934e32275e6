/**
 * What every database driver of a source does, whatever the server: test a connection, list
 * tables and columns, and run one already-checked SELECT under its read-only layers.
 */
import type { DbFailure, DbTable } from '../../../../contract/db-sources';

/** An SQLite file as checked before it is opened: its device and inode, as decimal text. */
export interface FileIdentity {
  dev: string;
  ino: string;
}

export interface SourceConnection {
  host: string;
  port: number | null;
  database: string;
  username: string;
  password: string;
  /** SQLite: the checked file; the worker opens nothing else (sqlite-path.ts). */
  fileIdentity?: FileIdentity;
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

/**
 * What the source's account may do beyond reading: rights to revoke before the source is used
 * (`refused`), and what the server cannot rule out (`warnings`, codes the console translates).
 */
export interface AccountReview {
  refused: string[];
  warnings: string[];
}

export interface TestAnswer {
  version: string;
  account: AccountReview;
}

export interface UseOptions {
  /** Refuse (AccountRefused) an account that may do more than read, before anything runs. */
  checkAccount?: boolean;
}

export interface SourceDriver {
  /**
   * Connects, answers the server's version and reviews the account's rights; throws
   * ConnectionFailed naming what failed.
   */
  test(conn: SourceConnection): Promise<TestAnswer>;
  tables(conn: SourceConnection, options?: UseOptions): Promise<DbTable[]>;
  /** Runs `sql` (one SELECT, checked by read-only-guard) read-only; throws QueryFailed. */
  run(
    conn: SourceConnection,
    sql: string,
    limits: RunLimits,
    options?: UseOptions,
  ): Promise<RunResult>;
  /** How the driver quotes an identifier (for queries built by picking). */
  quote(identifier: string): string;
}

export const noAccountDoubts = (): AccountReview => ({ refused: [], warnings: [] });

export class ConnectionFailed extends Error {
  constructor(
    readonly failure: DbFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'ConnectionFailed';
  }
}

/** The account may do more than read: `rights` names what to revoke. */
export class AccountRefused extends ConnectionFailed {
  constructor(readonly rights: string[]) {
    super('privileged_account', `The account holds rights beyond reading: ${rights.join(', ')}.`);
    this.name = 'AccountRefused';
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
    return new ConnectionFailed('unreachable', `The server cannot be reached (${code}).`);
  if (code === 'ETIMEDOUT' || code === 'ETIMEOUT')
    return new ConnectionFailed('unreachable', 'The server did not answer in time.');
  return undefined;
}

/**
 * PostgreSQL sources. Layers: the session starts with `default_transaction_read_only=on`, the
 * query runs in `BEGIN TRANSACTION READ ONLY` with `SET LOCAL statement_timeout`, as a subquery
 * in FROM (where PostgreSQL takes only a SELECT, VALUES or WITH — no INSERT … RETURNING) with a
 * LIMIT of the row cap plus one, sent with the extended protocol (which refuses several
 * statements); then ROLLBACK. Not a cursor: PostgreSQL plans no parallel query for cursors,
 * which made a 1M-row aggregate twice as slow.
 *
 * The role is reviewed at the test (postgres-account.ts) and, for the console, once per session
 * before its first query: a superuser or a role with server-wide rights is refused.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { DbTable } from '../../../../contract/db-sources';
import { refusedRights, reviewRole } from './postgres-account';
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
  if (code === '28P01' || code === '28000')
    return new ConnectionFailed('auth_failed', 'The server refused the user name or password.');
  if (code === '3D000')
    return new ConnectionFailed('database_missing', 'The database does not exist on the server.');
  // 42501 at connection: the account lacks CONNECT on this database.
  if (code === '42501')
    return new ConnectionFailed('database_denied', `The server answered: ${message}`);
  if (/timeout/i.test(message))
    return new ConnectionFailed('unreachable', 'The server did not answer in time.');
  return new ConnectionFailed('unknown', message);
}

/** bigint (20) and numeric (1700) as numbers when exact, as text otherwise. */
const exactNumber = (text: string) => {
  const n = Number(text);
  return Number.isSafeInteger(n) || (Number.isFinite(n) && String(n) === text) ? n : text;
};
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 || oid === 1700
      ? exactNumber
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

const settingsOf = (conn: SourceConnection, timeoutMs: number) => ({
  host: conn.host,
  port: conn.port ?? 5432,
  database: conn.database,
  user: conn.username,
  password: conn.password,
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  types,
  // Read-only and time-limited from the session's first moment, before any SQL of ours.
  options: `-c default_transaction_read_only=on${timeoutMs ? ` -c statement_timeout=${Math.round(timeoutMs)}` : ''}`,
});

/**
 * Queries reuse a few open sessions per connection (and its timeout): a new PostgreSQL backend
 * costs more than the read-only wrapping. Idle sessions close after 10 s; a changed password
 * or host is another key, so nothing outlives a change for longer.
 */
const pools = new Map<string, pg.Pool>();
function poolFor(conn: SourceConnection, timeoutMs: number): pg.Pool {
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        conn.host,
        conn.port,
        conn.database,
        conn.username,
        conn.password,
        timeoutMs,
      ]),
    )
    .digest('hex');
  let pool = pools.get(key);
  if (!pool) {
    pool = new pg.Pool({
      ...settingsOf(conn, timeoutMs),
      max: 4,
      idleTimeoutMillis: 10_000,
      allowExitOnIdle: true,
    });
    pool.on('error', () => undefined);
    pools.set(key, pool);
  }
  return pool;
}

async function connected(conn: SourceConnection, timeoutMs = 0): Promise<pg.Client> {
  const client = new pg.Client(settingsOf(conn, timeoutMs));
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw failureOf(error);
  }
  return client;
}

function queryFailure(error: unknown): QueryFailed {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === '57014')
    return new QueryFailed('timeout', 'The query ran too long and was stopped.');
  if (code === '25006') return new QueryFailed('read_only', message);
  return new QueryFailed('error', message);
}

/**
 * The extended protocol (Parse/Bind/Execute) takes exactly one statement; `queryMode` is in pg
 * 8.x but not in its type definitions.
 */
const extended = (text: string) => ({ text, queryMode: 'extended' }) as pg.QueryConfig;

/** Pooled sessions whose role was found to read only; a session keeps its role. */
const reviewed = new WeakSet<pg.ClientBase>();

async function assertReadingRole(client: pg.ClientBase, options?: UseOptions) {
  if (!options?.checkAccount || reviewed.has(client)) return;
  const refused = await refusedRights(client);
  if (refused.length > 0) throw new AccountRefused(refused);
  reviewed.add(client);
}

export const postgresDriver: SourceDriver = {
  quote: quoteFor.postgres,

  async test(conn) {
    const client = await connected(conn, 5000);
    try {
      const res = await client.query<{ v: string }>('select version() as v');
      return { version: res.rows[0]?.v ?? 'PostgreSQL', account: await reviewRole(client) };
    } finally {
      await client.end().catch(() => undefined);
    }
  },

  async tables(conn, options): Promise<DbTable[]> {
    const client = await connected(conn, 10_000);
    try {
      await assertReadingRole(client, options);
      const res = await client.query<{ s: string; t: string; c: string; d: string }>(
        `select table_schema as s, table_name as t, column_name as c, data_type as d
           from information_schema.columns
          where table_schema not in ('pg_catalog', 'information_schema')
            and table_schema not like 'pg\\_%'
          order by table_schema, table_name, ordinal_position`,
      );
      const tables = new Map<string, DbTable>();
      for (const row of res.rows) {
        const name = row.s === 'public' ? row.t : `${row.s}.${row.t}`;
        const table = tables.get(name) ?? { name, columns: [] };
        table.columns.push({ name: row.c, type: row.d });
        tables.set(name, table);
      }
      return [...tables.values()];
    } finally {
      await client.end().catch(() => undefined);
    }
  },

  async run(conn, sql, limits: RunLimits, options): Promise<RunResult> {
    let client: pg.PoolClient;
    try {
      client = await poolFor(conn, limits.timeoutMs).connect();
    } catch (error) {
      throw failureOf(error);
    }
    let clean = false;
    try {
      await assertReadingRole(client, options);
      await client.query('BEGIN TRANSACTION READ ONLY');
      await client.query(`SET LOCAL statement_timeout = ${Math.round(limits.timeoutMs)}`);
      const res = await client.query<unknown[]>({
        ...extended(`SELECT * FROM (${sql}) AS atrium_source_query LIMIT ${limits.rowCap + 1}`),
        rowMode: 'array',
      });
      const rows = res.rows.slice(0, limits.rowCap).map((row) => row.map(cellOf));
      return {
        columns: res.fields.map((f) => f.name),
        rows,
        truncated: res.rows.length > limits.rowCap,
      };
    } catch (error) {
      if (error instanceof AccountRefused) throw error;
      throw queryFailure(error);
    } finally {
      clean = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      // A session whose rollback failed is not handed out again.
      client.release(!clean);
    }
  },
};

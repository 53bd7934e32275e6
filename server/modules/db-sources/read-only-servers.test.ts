/**
 * The read-only proof on real servers: MariaDB started by the harness and a database of the
 * PostgreSQL cluster the tests use. Every write is refused (or a slow query cut off) through the
 * API, and again at the driver with the parser layer skipped, reached with an account that may
 * write anything, and the data is unchanged afterwards. The console saves no MariaDB source whose
 * account may write, so its API proofs use the SELECT-only account; PostgreSQL's database owner
 * is saved (with a warning), and there the read-only session stops its writes.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbSourceType } from '../../../contract/db-sources';
import { SHIPMENTS_DDL, shipmentsInsert } from '../../test-support/db-sources';
import { startMariaDb, type MariaDbServer } from '../../test-support/mariadb-server';
import { createPgSource, type PgSource } from '../../test-support/pg-source';
import { describeApi, type SuiteApp } from '../../test-support/test-app';
import { drivers } from './drivers';
import { QueryFailed, type SourceConnection } from './drivers/types';

const BASE = '/api/integrations/db-source';
const TIMEOUT_MS = 1000;
const outfile = `/tmp/atrium-outfile-${process.pid}.txt`;

interface Server {
  type: DbSourceType;
  /** An account that may write anything, for the driver without the parser layer. */
  conn: SourceConnection;
  /** The account the source is saved with through the API. */
  apiConn: SourceConnection;
  /** Rows and sum of weights, and the table names, read by the owner. */
  state: () => Promise<string>;
  sleep: string;
  into: string;
}

let maria: MariaDbServer;
let pgSource: PgSource | undefined;
const servers: Server[] = [];

beforeAll(async () => {
  maria = await startMariaDb();
  const root = await maria.admin();
  await root.query(`USE ${maria.database}; ${SHIPMENTS_DDL}; ${shipmentsInsert()}`);
  await root.end();
  const mariaConn = {
    host: maria.host,
    port: maria.port,
    database: maria.database,
    username: maria.writer.username,
    password: maria.writer.password,
  };
  servers.push({
    type: 'mysql',
    conn: mariaConn,
    apiConn: { ...mariaConn, ...maria.reader },
    state: async () => {
      const c = await maria.admin();
      const [rows] = await c.query(
        `SELECT (SELECT CONCAT(COUNT(*), '/', SUM(weight)) FROM ${maria.database}.shipments) AS s,
          (SELECT GROUP_CONCAT(TABLE_NAME) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '${maria.database}') AS t`,
      );
      await c.end();
      return JSON.stringify(rows);
    },
    sleep: 'SELECT SLEEP(30)',
    into: `SELECT * FROM shipments INTO OUTFILE '${outfile}'`,
  });
  if (process.env.TEST_DATABASE_URL) {
    pgSource = await createPgSource(process.env.TEST_DATABASE_URL, [
      SHIPMENTS_DDL,
      shipmentsInsert(),
    ]);
    const source = pgSource;
    const pgConn = {
      host: source.host,
      port: source.port,
      database: source.database,
      username: source.writer.username,
      password: source.writer.password,
    };
    servers.push({
      type: 'postgres',
      conn: pgConn,
      apiConn: pgConn,
      state: async () => {
        const c = await source.owner();
        const res = await c.query(
          `SELECT (SELECT count(*) || '/' || sum(weight) FROM shipments) AS s,
            (SELECT string_agg(tablename, ',') FROM pg_tables WHERE schemaname = 'public') AS t`,
        );
        await c.end();
        return JSON.stringify(res.rows);
      },
      sleep: 'SELECT pg_sleep(30)',
      into: 'SELECT * INTO shipments_copy FROM shipments',
    });
  }
}, 60_000);

afterAll(async () => {
  await maria?.stop();
  await pgSource?.drop();
});

const writes = (s: Server) => [
  "INSERT INTO shipments (id, region, mode, weight) VALUES (99, 'X', 'air', 1)",
  'UPDATE shipments SET weight = 0',
  'DELETE FROM shipments',
  'CREATE TABLE intruder (a int)',
  'DROP TABLE shipments',
  'ALTER TABLE shipments ADD COLUMN b int',
  'SELECT 1; DELETE FROM shipments',
  s.into,
];

function proofs(t: SuiteApp, which: () => Server | undefined) {
  let id = 0;
  const server = () => {
    const s = which();
    if (!s) throw new Error('server not started');
    return s;
  };
  beforeAll(async () => {
    const s = server();
    const res = await t.api('POST', BASE, {
      token: t.admin,
      body: { name: `${s.type} source`, db_type: s.type, department_id: 1, ...s.apiConn },
    });
    expect(res.status, res.raw).toBe(201);
    id = res.body.id;
  });
  const run = (sql: string) =>
    t.api('POST', `${BASE}/query?integration_id=${id}`, { token: t.admin, body: { sql } });

  it('when a grouped query runs, then the rows and a bar chart come', async () => {
    const res = await t.api('POST', `${BASE}/query?integration_id=${id}`, {
      token: t.admin,
      body: { table: 'shipments', group_by: 'region', aggregate: 'sum', measure: 'weight' },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.rows).toEqual([
      ['East', 210],
      ['North', 190],
      ['South', 200],
      ['West', 220],
    ]);
    expect(res.body.chart.mark).toEqual({ type: 'bar' });
  });

  it('when each write is sent, then each is refused and the data is unchanged', async () => {
    const before = await server().state();
    for (const sql of writes(server())) {
      const res = await run(sql);
      expect(res.status, sql).toBe(422);
      expect(res.body.code, sql).toBe('DB_QUERY_REFUSED');
    }
    expect(await server().state()).toBe(before);
    expect(existsSync(outfile)).toBe(false);
  });

  it('when the parser layer is skipped, then the driver and the server still refuse every write', async () => {
    const s = server();
    const before = await s.state();
    for (const sql of writes(s).filter((w) => w !== s.into)) {
      const error = await drivers[s.type]
        .run(s.conn, sql, { timeoutMs: TIMEOUT_MS, rowCap: 10 })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error, sql).toBeInstanceOf(QueryFailed);
      expect((error as QueryFailed).kind, sql).not.toBe('timeout');
    }
    expect(await s.state()).toBe(before);
  });

  it('when a query sleeps, then the server stops it at the timeout', async () => {
    const started = Date.now();
    const res = await run(server().sleep);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('DB_QUERY_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 4000);
  });

  it('when a query returns more rows than the cap, then it is cut and says so', async () => {
    const res = await run('SELECT a.id, b.id AS other FROM shipments a CROSS JOIN shipments b');
    expect(res.status, res.raw).toBe(200);
    expect(res.body.rows).toHaveLength(t.config.dbSourceLimits.rowCap);
    expect(res.body.truncated).toBe(true);
  });
}

describeApi(
  'database sources on real servers',
  {
    env: {
      DB_SOURCE_TIMEOUT_MS: String(TIMEOUT_MS),
      DB_SOURCE_ROW_CAP: '500',
      INTEGRATION_HOSTS_ALLOW: '127.0.0.1',
    },
  },
  (t) => {
    describe('MariaDB', () => proofs(t, () => servers.find((s) => s.type === 'mysql')));
    describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL', () =>
      proofs(t, () => servers.find((s) => s.type === 'postgres')),
    );

    it('when MariaDB refuses the password or lacks the database, then the answer names which', async () => {
      const body = {
        name: 'x',
        db_type: 'mysql',
        host: maria.host,
        port: maria.port,
        department_id: 1,
      };
      const wrong = await t.api('POST', `${BASE}/test`, {
        token: t.admin,
        body: { ...body, database: maria.database, username: 'reader', password: 'nope' },
      });
      expect(wrong.body.fields).toEqual([
        { path: 'username', message: 'db-sources:failure.auth_failed' },
      ]);
      const missing = await t.api('POST', `${BASE}/test`, {
        token: t.admin,
        body: { ...body, database: 'no_such_db', username: 'root', password: '' },
      });
      expect(missing.body.fields).toEqual([
        { path: 'database', message: 'db-sources:failure.database_missing' },
      ]);
      const ok = await t.api('POST', `${BASE}/test`, {
        token: t.admin,
        body: {
          ...body,
          database: maria.database,
          username: maria.reader.username,
          password: maria.reader.password,
        },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.server_version).toMatch(/MariaDB/);
    });
  },
);

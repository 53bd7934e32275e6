/**
 * Questions to database sources on the real servers the harness starts (MariaDB, and PostgreSQL
 * when TEST_DATABASE_URL is set): the assistant's chart computes the aggregate the question names
 * over the column it names; sum and average are refused on text; a misspelt database is said to
 * be one; the explorer's SQL box runs a SELECT and is refused a write, and needs the explorer's
 * rights.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visualRouteSchema } from '../../../contract/chat';
import type { DbSourceType } from '../../../contract/db-sources';
import { packagesInsert, PACKAGES_DDL, packageTotals } from '../../test-support/db-sources';
import { addDepartment, personWith } from '../../test-support/identity';
import { startMariaDb, type MariaDbServer } from '../../test-support/mariadb-server';
import { createPgSource, type PgSource } from '../../test-support/pg-source';
import { svgDocument, svgTexts } from '../../test-support/svg';
import { describeApi, type SuiteApp } from '../../test-support/test-app';

const BASE = '/api/integrations/db-source';
const ROUTER = '/api/chat/visual_router';
const GENERATE = '/api/chat/generate_visual';

interface Server {
  type: DbSourceType;
  /** How the console's source reaches it (an account that may only read, where it can). */
  body: Record<string, unknown>;
}

let maria: MariaDbServer;
let pgSource: PgSource | undefined;
const servers: Server[] = [];

beforeAll(async () => {
  maria = await startMariaDb();
  const root = await maria.admin();
  await root.query(`USE ${maria.database}; ${PACKAGES_DDL}; ${packagesInsert()}`);
  await root.end();
  servers.push({
    type: 'mysql',
    body: {
      host: maria.host,
      port: maria.port,
      database: maria.database,
      username: maria.reader.username,
      password: maria.reader.password,
    },
  });
  if (process.env.TEST_DATABASE_URL) {
    pgSource = await createPgSource(process.env.TEST_DATABASE_URL, [
      PACKAGES_DDL,
      packagesInsert(),
    ]);
    servers.push({
      type: 'postgres',
      body: {
        host: pgSource.host,
        port: pgSource.port,
        database: pgSource.database,
        username: pgSource.writer.username,
        password: pgSource.writer.password,
      },
    });
  }
}, 60_000);

afterAll(async () => {
  await maria?.stop();
  await pgSource?.drop();
});

const totals = packageTotals();

function questions(t: SuiteApp, which: () => Server | undefined) {
  let id = 0;
  const name = () => `Debian archive ${which()?.type}`;
  beforeAll(async () => {
    const s = which();
    if (!s) throw new Error('server not started');
    const res = await t.api('POST', BASE, {
      token: t.admin,
      body: { name: name(), db_type: s.type, department_id: 1, ...s.body },
    });
    expect(res.status, res.raw).toBe(201);
    id = res.body.id;
  });
  afterAll(async () => {
    await t.api('DELETE', BASE, { token: t.admin, body: { integration_ids: [id] } });
  });
  const route = async (query: string) => {
    const res = await t.api('POST', ROUTER, { token: t.admin, body: { query } });
    expect(res.status, res.raw).toBe(200);
    return visualRouteSchema.parse(res.body);
  };

  it('when the total installed size by section is asked, then the chart sums installed_size_kb, names the source and carries its SQL and rows', async () => {
    const query = 'Show the total installed size by section';
    const answer = await route(query);
    expect(answer.db_source).toEqual({ id, name: name(), table: 'packages' });
    expect(answer.db_result?.plan).toEqual({
      aggregate: 'sum',
      measure: 'installed_size_kb',
      group_by: 'section',
      series_by: null,
      in_year: null,
    });
    expect(answer.db_result?.sql).toMatch(/SUM\(.installed_size_kb.\)/);
    expect(answer.db_result?.columns).toEqual(['section', 'sum_installed_size_kb']);
    expect(answer.db_result?.rows).toEqual(totals.map(([section, sum]) => [section, sum]));
    const chart = await t.api('POST', GENERATE, { token: t.admin, body: { query } });
    expect(chart.status).toBe(200);
    expect(svgTexts(svgDocument(chart.raw))).toEqual(
      expect.arrayContaining(['admin', 'net', 'sum_installed_size_kb']),
    );
  });

  it.each([
    ['What is the average installed size per section?', 'avg', (r: number[]) => r[0] / r[1]],
    ['Largest installed size by section', 'max', (r: number[]) => r[2]],
    ['How many packages per section?', 'count', (r: number[]) => r[1]],
    ['Tamaño instalado total por sección', 'sum', (r: number[]) => r[0]],
    ['Taille installée moyenne par section', 'avg', (r: number[]) => r[0] / r[1]],
    ['Anzahl der packages nach section', 'count', (r: number[]) => r[1]],
  ])('when asked "%s", then the chart is that aggregate', async (query, aggregate, value) => {
    const answer = await route(query);
    expect(answer.db_result?.plan?.aggregate).toBe(aggregate);
    const rows = answer.db_result?.rows ?? [];
    expect(rows.map(([section, n]) => [section, Number(n)])).toEqual(
      totals.map(([section, ...figures]) => [section, value(figures)]),
    );
  });

  it('when sum or average is asked of a text column, then it is refused and max still runs', async () => {
    const ask = (aggregate: string, measure: string) =>
      t.api('POST', `${BASE}/query?integration_id=${id}`, {
        token: t.admin,
        body: { table: 'packages', group_by: 'section', aggregate, measure },
      });
    for (const aggregate of ['sum', 'avg']) {
      const res = await ask(aggregate, 'maintainer');
      expect(res.status, aggregate).toBe(400);
      expect(res.body.fields).toEqual([
        { path: 'measure', message: 'db-sources:refusal.not_numeric' },
      ]);
    }
    const max = await ask('max', 'maintainer');
    expect(max.status, max.raw).toBe(200);
    expect(max.body.rows[0]).toEqual(['admin', 'Debian QA Group']);
    const tables = await t.api('GET', `${BASE}/tables?integration_id=${id}`, { token: t.admin });
    const columns = tables.body.tables[0].columns as { name: string; type: string }[];
    expect(columns.find((c) => c.name === 'maintainer')?.type).toMatch(/char/);
  });

  it('when SQL is typed, then a SELECT runs in its order and a write is refused with its reason', async () => {
    const run = (sql: string, token = t.admin) =>
      t.api('POST', `${BASE}/query?integration_id=${id}`, { token, body: { sql } });
    const select = await run(
      'SELECT section, SUM(installed_size_kb) AS total FROM packages GROUP BY section ORDER BY total DESC',
    );
    expect(select.status, select.raw).toBe(200);
    expect(select.body.rows.map((r: unknown[]) => [r[0], Number(r[1])])).toEqual(
      [...totals].reverse().map(([section, sum]) => [section, sum]),
    );
    for (const sql of ["UPDATE packages SET section = 'x'", 'DROP TABLE packages']) {
      const refused = await run(sql);
      expect(refused.status, sql).toBe(422);
      expect(refused.body.code).toBe('DB_QUERY_REFUSED');
      expect(refused.body.fields[0]).toEqual({
        path: 'sql',
        message: 'db-sources:refusal.not_select',
      });
    }
    const after = await run("SELECT COUNT(*) FROM packages WHERE section = 'x'");
    expect(Number(after.body.rows[0][0])).toBe(0);
  });

  it('when someone may browse the source but not query, then the SQL box is refused; with the query right it runs', async () => {
    const dept = await addDepartment(t);
    await t.api('PUT', `${BASE}?integration_id=${id}`, {
      token: t.admin,
      body: { department_id: dept },
    });
    const viewer = await personWith(t, dept, 'Documents.VIEW');
    const querier = await personWith(t, dept, 'Documents.VIEW', 'Query.QUERY_DOCUMENT');
    const sql = 'SELECT section FROM packages ORDER BY section DESC';
    const denied = await t.api('POST', `${BASE}/query?integration_id=${id}`, {
      token: viewer.token,
      body: { sql },
    });
    expect(denied.status).toBe(403);
    const allowed = await t.api('POST', `${BASE}/query?integration_id=${id}`, {
      token: querier.token,
      body: { sql },
    });
    expect(allowed.status, allowed.raw).toBe(200);
    expect(allowed.body.rows[0]).toEqual(['net']);
    await t.api('PUT', `${BASE}?integration_id=${id}`, {
      token: t.admin,
      body: { department_id: 1 },
    });
  });
}

describeApi(
  'questions to database sources on real servers',
  {
    env: { INTEGRATION_HOSTS_ALLOW: '127.0.0.1' },
  },
  (t) => {
    describe('MariaDB', () => questions(t, () => servers.find((s) => s.type === 'mysql')));
    describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL', () =>
      questions(t, () => servers.find((s) => s.type === 'postgres')),
    );

    it('when the database name is misspelt on MariaDB, then the answer says the database, not the password', async () => {
      const body = {
        name: 'Misspelt',
        db_type: 'mysql',
        host: maria.host,
        port: maria.port,
        database: `${maria.database}x`,
        username: maria.reader.username,
        password: maria.reader.password,
        department_id: 1,
      };
      for (const path of [`${BASE}/test`, BASE]) {
        const res = await t.api('POST', path, { token: t.admin, body });
        expect(res.status, path).toBe(422);
        expect(res.body.fields).toEqual([
          { path: 'database', message: 'db-sources:failure.database_denied' },
        ]);
        expect(res.body.message).toContain(`to database '${maria.database}x'`);
      }
    });

    it.skipIf(!process.env.TEST_DATABASE_URL)(
      'when the database name is misspelt on PostgreSQL, then the answer says it does not exist',
      async () => {
        const source = pgSource as PgSource;
        const res = await t.api('POST', `${BASE}/test`, {
          token: t.admin,
          body: {
            name: 'Misspelt',
            db_type: 'postgres',
            host: source.host,
            port: source.port,
            database: `${source.database}x`,
            username: source.writer.username,
            password: source.writer.password,
            department_id: 1,
          },
        });
        expect(res.status).toBe(422);
        expect(res.body.fields).toEqual([
          { path: 'database', message: 'db-sources:failure.database_missing' },
        ]);
      },
    );
  },
);

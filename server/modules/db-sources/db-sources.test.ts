import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import {
  dbQueryResultSchema,
  dbSourcePageSchema,
  dbSourceSchema,
} from '../../../contract/db-sources';
import { freePort } from '../../test-support/mail-servers';
import {
  createSource,
  sourceEnv,
  sqliteSourceBody,
  sqliteSourceFile,
} from '../../test-support/db-sources';
import { describeApi } from '../../test-support/test-app';

const BASE = '/api/integrations/db-source';

/** Every call of database sources (SPEC §7), on SQLite sources and the app's own database. */
describeApi('database sources', { env: sourceEnv() }, (t) => {
  let file: string;
  beforeAll(() => {
    file = sqliteSourceFile();
  });
  const count = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('db_sources')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('when the types are asked, then the four come as key and label pairs', async () => {
    const res = await t.api('GET', `${BASE}/db-types`, { token: t.admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { key: 'postgres', label: 'PostgreSQL' },
      { key: 'mysql', label: 'MySQL / MariaDB' },
      { key: 'sqlite', label: 'SQLite file' },
      { key: 'mssql', label: 'Microsoft SQL Server' },
    ]);
  });

  it('when an administrator adds a source with a password, then it is sealed at rest and never answered', async () => {
    const res = await t.api('POST', BASE, {
      token: t.admin,
      body: sqliteSourceBody(file, { password: 'Very-Secret-Pw-9' }),
    });
    expect(res.status).toBe(201);
    const source = dbSourceSchema.parse(res.body);
    expect(source).toMatchObject({
      db_type: 'sqlite',
      db_type_label: 'SQLite file',
      database: file,
      has_password: true,
      is_active: true,
      department_name: 'General',
    });
    expect(res.raw).not.toContain('Very-Secret-Pw-9');
    const row = await t.database.db
      .selectFrom('db_sources')
      .select('password_enc')
      .where('id', '=', source.id)
      .executeTakeFirstOrThrow();
    expect(row.password_enc).toMatch(/^v1\./);
    expect(row.password_enc).not.toContain('Very-Secret');
    const listed = await t.api('GET', `${BASE}?integration_id=${source.id}`, { token: t.admin });
    expect(listed.raw).not.toContain('Very-Secret-Pw-9');
    expect(listed.body.id).toBe(source.id);
  });

  it('when the list is asked with a search, then only matching sources come, newest first', async () => {
    await createSource(t, t.admin, sqliteSourceBody(file, { name: 'Findable ledger' }));
    const res = await t.api('GET', `${BASE}?search=findable&page=1&size=5`, { token: t.admin });
    expect(res.status).toBe(200);
    const page = dbSourcePageSchema.parse(res.body);
    expect(page.items.map((s) => s.name)).toEqual(['Findable ledger']);
    expect(page).toMatchObject({ total: 1, page: 1, size: 5 });
  });

  it('when a source is toggled and renamed, then is_active flips and the rest stays', async () => {
    const { id } = await createSource(t, t.admin, sqliteSourceBody(file));
    const off = await t.api('PUT', `${BASE}?integration_id=${id}`, {
      token: t.admin,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ is_active: false, database: file });
    const renamed = await t.api('PUT', `${BASE}?integration_id=${id}`, {
      token: t.admin,
      body: { name: 'Renamed' },
    });
    expect(renamed.body).toMatchObject({ name: 'Renamed', is_active: false });
    const query = await t.api('POST', `${BASE}/query?integration_id=${id}`, {
      token: t.admin,
      body: { sql: 'select 1' },
    });
    expect(query.status).toBe(409);
  });

  it('when sources are deleted in bulk, then all go, and with one unknown id none go', async () => {
    const a = await createSource(t, t.admin, sqliteSourceBody(file));
    const b = await createSource(t, t.admin, sqliteSourceBody(file));
    const before = await count();
    const refused = await t.api('DELETE', BASE, {
      token: t.admin,
      body: { integration_ids: [a.id, 999999] },
    });
    expect(refused.status).toBe(404);
    expect(await count()).toBe(before);
    const res = await t.api('DELETE', BASE, {
      token: t.admin,
      body: { integration_ids: [a.id, b.id] },
    });
    expect(res.status).toBe(200);
    expect(await count()).toBe(before - 2);
  });

  it('when the input is bad, then 400 names the field and nothing is stored', async () => {
    const before = await count();
    const res = await t.api('POST', BASE, {
      token: t.admin,
      body: { name: '', db_type: 'oracle', database: '', department_id: 1 },
    });
    expect(res.status).toBe(400);
    const noHost = await t.api('POST', BASE, {
      token: t.admin,
      body: { name: 'x', db_type: 'postgres', database: 'd', department_id: 1 },
    });
    expect(noHost.status).toBe(400);
    expect(noHost.body.fields).toContainEqual({ path: 'host', message: 'validation:required' });
    expect(await count()).toBe(before);
  });

  it('when a connection fails, then the answer names what failed and nothing is stored', async () => {
    const before = await count();
    const port = await freePort();
    const notADatabase = join(dirname(file), 'notes.txt');
    writeFileSync(notADatabase, 'not a database, but long enough to be read as a header by SQLite');
    const cases = [
      [
        { db_type: 'mssql', host: '127.0.0.1', port, database: 'x', username: 'sa' },
        'host',
        'unreachable',
      ],
      [
        { db_type: 'mysql', host: '127.0.0.1', port, database: 'x', username: 'u' },
        'host',
        'unreachable',
      ],
      [
        { db_type: 'postgres', host: '127.0.0.1', port, database: 'x', username: 'u' },
        'host',
        'unreachable',
      ],
      [{ db_type: 'sqlite', database: `${file}.missing` }, 'database', 'database_missing'],
      [{ db_type: 'sqlite', database: notADatabase }, 'database', 'not_a_database'],
      [{ db_type: 'sqlite', database: '/etc/hostname' }, 'database', 'path_refused'],
      [{ db_type: 'sqlite', database: 'relative.db' }, 'database', 'path_refused'],
    ] as const;
    for (const [conn, path, failure] of cases) {
      const res = await t.api('POST', BASE, {
        token: t.admin,
        body: { name: 'Broken', department_id: 1, ...conn },
      });
      expect(res.status, JSON.stringify(conn)).toBe(422);
      expect(res.body.code).toBe('DB_CONNECTION_FAILED');
      expect(res.body.fields).toEqual([{ path, message: `db-sources:failure.${failure}` }]);
      const tested = await t.api('POST', `${BASE}/test`, {
        token: t.admin,
        body: { name: 'Broken', department_id: 1, ...conn },
      });
      expect(tested.body.fields?.[0]?.message).toBe(`db-sources:failure.${failure}`);
    }
    expect(await count()).toBe(before);
  });

  it('when the data directory holds the file, then the source is refused', async () => {
    const own = `${t.dataDir}/atrium.db`;
    const res = await t.api('POST', BASE, { token: t.admin, body: sqliteSourceBody(own) });
    expect(res.status).toBe(422);
    expect(res.body.fields[0].message).toBe('db-sources:failure.path_refused');
  });

  it('when the tables are browsed and a grouped query is built, then rows and a chart come', async () => {
    const { id } = await createSource(t, t.admin, sqliteSourceBody(file));
    const tables = await t.api('GET', `${BASE}/tables?integration_id=${id}`, { token: t.admin });
    expect(tables.status).toBe(200);
    expect(tables.body.tables).toEqual([
      {
        name: 'shipments',
        columns: [
          { name: 'id', type: 'INTEGER' },
          { name: 'region', type: 'varchar(20)' },
          { name: 'mode', type: 'varchar(10)' },
          { name: 'weight', type: 'INTEGER' },
        ],
      },
    ]);
    const res = await t.api('POST', `${BASE}/query?integration_id=${id}`, {
      token: t.admin,
      body: { table: 'shipments', group_by: 'region', aggregate: 'sum', measure: 'weight' },
    });
    expect(res.status).toBe(200);
    const result = dbQueryResultSchema.parse(res.body);
    expect(result.columns).toEqual(['region', 'sum_weight']);
    // Weights 1..40, region i % 4: East 3+7+…+39 = 210, North 1+5+…+37 = 190, …
    expect(result.rows).toEqual([
      ['East', 210],
      ['North', 190],
      ['South', 200],
      ['West', 220],
    ]);
    expect(result.chart).toMatchObject({ mark: { type: 'bar' } });
    expect(result.svg).toBeNull();
    const drawn = await t.api('POST', `${BASE}/query?integration_id=${id}&svg=true`, {
      token: t.admin,
      body: { table: 'shipments', group_by: 'region', aggregate: 'count' },
    });
    expect(drawn.body.columns).toEqual(['region', 'count_rows']);
    expect(drawn.body.svg).toMatch(/^<svg[\s\S]*North[\s\S]*<\/svg>$/);
    const unknown = await t.api('POST', `${BASE}/query?integration_id=${id}`, {
      token: t.admin,
      body: { table: 'shipments', group_by: 'nope', aggregate: 'count' },
    });
    expect(unknown.status).toBe(400);
  });

  it('when SQL writes, holds two statements or calls a side effect, then it is refused and the file is unchanged', async () => {
    const { id } = await createSource(t, t.admin, sqliteSourceBody(file));
    const before = readFileSync(file);
    const refusals = [
      ['INSERT INTO shipments VALUES (99, "x", "air", 1)', 'not_select'],
      ['UPDATE shipments SET weight = 0', 'not_select'],
      ['DROP TABLE shipments', 'not_select'],
      ['SELECT 1; DELETE FROM shipments', 'multiple_statements'],
      ['SELECT load_extension("x")', 'side_effect_function'],
      ['this is not sql', 'unreadable'],
    ] as const;
    for (const [sql, reason] of refusals) {
      const res = await t.api('POST', `${BASE}/query?integration_id=${id}`, {
        token: t.admin,
        body: { sql },
      });
      expect(res.status, sql).toBe(422);
      expect(res.body.code).toBe('DB_QUERY_REFUSED');
      expect(res.body.fields).toEqual([{ path: 'sql', message: `db-sources:refusal.${reason}` }]);
    }
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(file)).toBe(true);
  });

  it('when a query returns more rows than the cap, then it is cut and says so', async () => {
    const { id } = await createSource(t, t.admin, sqliteSourceBody(file));
    const res = await t.api('POST', `${BASE}/query?integration_id=${id}`, {
      token: t.admin,
      body: {
        sql: 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) SELECT i FROM n',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(t.config.dbSourceLimits.rowCap);
    expect(res.body.truncated).toBe(true);
  });
});

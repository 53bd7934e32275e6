/**
 * Read-only attacks on real servers (MariaDB started by the harness, PostgreSQL of the tests'
 * cluster), as the outside probe made them:
 * - MariaDB executable comments (`/*! … *\/`, `/*M! … *\/`) hid a UNION with load_file, an
 *   INTO OUTFILE (the file was written) and get_lock from the parser, and the source account had
 *   FILE with secure_file_priv open;
 * - a PostgreSQL cluster trusting loopback let a source log in as the superuser;
 * - functions the PostgreSQL guard did not know.
 * Each is refused, the account by the rights it must lose, and nothing is written. A source saved
 * before these checks (inserted here as it was stored) is refused at its next use.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbSourceType } from '../../../contract/db-sources';
import { SHIPMENTS_DDL, shipmentsInsert, sourceEnv } from '../../test-support/db-sources';
import { startMariaDb, type MariaDbServer } from '../../test-support/mariadb-server';
import { createPgSource, type PgSource } from '../../test-support/pg-source';
import { describeApi, type SuiteApp } from '../../test-support/test-app';
import { createSecretBox, secretsKey } from '../../services/security/secret-box';

const BASE = '/api/integrations/db-source';
const pgUrl = process.env.TEST_DATABASE_URL;
const roled = { username: 'roled', password: 'Roled-Pass-1' };

let maria: MariaDbServer;
let pgSource: PgSource | undefined;

beforeAll(async () => {
  maria = await startMariaDb();
  const root = await maria.admin();
  await root.query(`USE ${maria.database}; ${SHIPMENTS_DDL}; ${shipmentsInsert()};
    CREATE ROLE inserter; GRANT SELECT, INSERT ON ${maria.database}.* TO inserter;
    CREATE USER '${roled.username}'@'127.0.0.1' IDENTIFIED BY '${roled.password}';
    GRANT inserter TO '${roled.username}'@'127.0.0.1';
    SET DEFAULT ROLE inserter FOR '${roled.username}'@'127.0.0.1';`);
  await root.end();
  if (pgUrl) pgSource = await createPgSource(pgUrl, [SHIPMENTS_DDL, shipmentsInsert()]);
}, 60_000);

afterAll(async () => {
  await maria?.stop();
  await pgSource?.drop();
});

interface Account {
  db_type: DbSourceType;
  host: string;
  port: number;
  database: string;
  username: string;
  password: string;
}

const mariaAccount = (who: { username: string; password: string }): Account => ({
  db_type: 'mysql',
  host: maria.host,
  port: maria.port,
  database: maria.database,
  ...who,
});

/** A source as it was stored before the console checked accounts: straight into the table. */
async function storedBefore(t: SuiteApp, account: Account): Promise<number> {
  const box = createSecretBox(secretsKey(t.config));
  const now = new Date().toISOString();
  const row = await t.database.db
    .insertInto('db_sources')
    .values({
      name: `Saved earlier (${account.username})`,
      db_type: account.db_type,
      host: account.host,
      port: account.port,
      database_name: account.database,
      username: account.username,
      password_enc: account.password ? box.seal(account.password) : '',
      department_id: 1,
      is_active: 1,
      created_by: null,
      updated_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const sourceCount = async (t: SuiteApp) =>
  Number(
    (
      await t.database.db
        .selectFrom('db_sources')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeApi('read-only attacks on real servers', { env: sourceEnv() }, (t) => {
  const query = (id: number, sql: string) =>
    t.api('POST', `${BASE}/query?integration_id=${id}`, { token: t.admin, body: { sql } });
  const add = (account: Account) =>
    t.api('POST', BASE, {
      token: t.admin,
      body: { name: 'Probe', department_id: 1, ...account },
    });

  describe('MariaDB', () => {
    let reader = 0;
    beforeAll(async () => {
      const res = await add(mariaAccount(maria.reader));
      expect(res.status, res.raw).toBe(201);
      reader = res.body.id;
    });

    it('when executable comments carry a UNION with load_file, an INTO OUTFILE or get_lock, then each is refused and no file is written', async () => {
      const outfile = join(maria.fileDir, `comment-${Date.now()}.txt`);
      const attacks = [
        "SELECT region FROM shipments WHERE 1=0 /*! UNION SELECT load_file('/etc/hostname') */",
        `SELECT 1 /*! INTO OUTFILE '${outfile}' */`,
        "SELECT 1 /*M!100000 , GET_LOCK('atrium_probe', 0) */",
        "SELECT 1 /*!50000 , GET_LOCK('atrium_probe', 0) */",
        'SELECT /*+ MAX_EXECUTION_TIME(600000) */ region FROM shipments',
      ];
      for (const sql of attacks) {
        const res = await query(reader, sql);
        expect(res.status, sql).toBe(422);
        expect(res.body.fields, sql).toEqual([
          { path: 'sql', message: 'db-sources:refusal.executable_comment' },
        ]);
      }
      expect(existsSync(outfile)).toBe(false);
    });

    it('when an ordinary query with ORDER BY … DESC runs, then the rows come in that order', async () => {
      const res = await query(
        reader,
        'SELECT region, SUM(weight) AS total FROM shipments GROUP BY region ORDER BY total DESC',
      );
      expect(res.status, res.raw).toBe(200);
      expect(res.body.rows).toEqual([
        ['West', 220],
        ['East', 210],
        ['South', 200],
        ['North', 190],
      ]);
      expect(res.body.sql).toContain('ORDER BY `total` DESC');
    });

    it('when the account holds FILE, then the test and the save refuse it naming the rights, and nothing is stored', async () => {
      const before = await sourceCount(t);
      const body = { name: 'Writer', department_id: 1, ...mariaAccount(maria.writer) };
      for (const url of [`${BASE}/test`, BASE]) {
        const res = await t.api('POST', url, { token: t.admin, body });
        expect(res.status, url).toBe(422);
        expect(res.body.fields, url).toEqual([
          { path: 'username', message: 'db-sources:failure.privileged_account' },
        ]);
        expect(res.body.message).toContain('revoke ALL PRIVILEGES, FILE from it');
      }
      expect(await sourceCount(t)).toBe(before);
    });

    it('when the account may insert through its role, then it is refused naming INSERT', async () => {
      const res = await t.api('POST', `${BASE}/test`, {
        token: t.admin,
        body: { name: 'Roled', department_id: 1, ...mariaAccount(roled) },
      });
      expect(res.status).toBe(422);
      expect(res.body.message).toContain('revoke INSERT from it');
    });

    it('when the SELECT-only account is tested, then it passes with no warning', async () => {
      const res = await t.api('POST', `${BASE}/test`, {
        token: t.admin,
        body: { name: 'Reader', department_id: 1, ...mariaAccount(maria.reader) },
      });
      expect(res.status, res.raw).toBe(200);
      expect(res.body).toMatchObject({ ok: true, warnings: [] });
    });

    it('when a source saved earlier with a FILE account is queried, then it is refused and writes no file', async () => {
      const id = await storedBefore(t, mariaAccount(maria.writer));
      const outfile = join(maria.fileDir, `saved-${Date.now()}.txt`);
      const plain = await query(id, 'SELECT region FROM shipments');
      expect(plain.status).toBe(422);
      expect(plain.body.fields).toEqual([
        { path: 'username', message: 'db-sources:failure.privileged_account' },
      ]);
      const tables = await t.api('GET', `${BASE}/tables?integration_id=${id}`, {
        token: t.admin,
      });
      expect(tables.status).toBe(422);
      await query(id, `SELECT 1 /*! INTO OUTFILE '${outfile}' */`);
      await query(id, `SELECT region FROM shipments INTO OUTFILE '${outfile}'`);
      expect(existsSync(outfile)).toBe(false);
    });
  });

  describe.skipIf(!pgUrl)('PostgreSQL', () => {
    const superuser = (): Account => {
      const url = new URL(pgUrl as string);
      return {
        db_type: 'postgres',
        host: url.hostname,
        port: Number(url.port || 5432),
        database: (pgSource as PgSource).database,
        username: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
      };
    };
    const owner = (): Account => {
      const s = pgSource as PgSource;
      return { db_type: 'postgres', host: s.host, port: s.port, database: s.database, ...s.writer };
    };

    it('when the source logs in as the superuser (a cluster that trusts loopback), then the test and the save refuse it', async () => {
      for (const url of [`${BASE}/test`, BASE]) {
        const res = await t.api('POST', url, {
          token: t.admin,
          body: { name: 'Super', department_id: 1, ...superuser() },
        });
        expect(res.status, url).toBe(422);
        expect(res.body.message).toMatch(/revoke .*SUPERUSER/);
      }
      const id = await storedBefore(t, superuser());
      const res = await query(id, 'SELECT rolname FROM pg_roles');
      expect(res.status).toBe(422);
      expect(res.body.fields[0].message).toBe('db-sources:failure.privileged_account');
    });

    it('when the database owner is tested, then it passes with the warning that it may write tables', async () => {
      const res = await t.api('POST', `${BASE}/test`, {
        token: t.admin,
        body: { name: 'Owner', department_id: 1, ...owner() },
      });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.warnings).toContain('table_writes');
    });

    it('when a query calls a statistics reset, a log write or takes a transaction id, then it is refused', async () => {
      const created = await add(owner());
      expect(created.status, created.raw).toBe(201);
      for (const sql of [
        'SELECT pg_stat_reset_single_table_counters(16384)',
        'SELECT pg_log_backend_memory_contexts(pg_backend_pid())',
        'SELECT txid_current()',
        'SELECT pg_current_xact_id()',
      ]) {
        const res = await query(created.body.id, sql);
        expect(res.status, sql).toBe(422);
        expect(res.body.code, sql).toBe('DB_QUERY_REFUSED');
      }
    });
  });
});

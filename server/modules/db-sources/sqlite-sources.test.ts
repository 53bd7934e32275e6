/**
 * SQLite file sources and Atrium's own files. The attacks: a self-registered Trial user asks for
 * `/proc/self/fd/N` (N found by trying) or `/proc/self/root/<DATA_DIR>/…`, which are not inside
 * DATA_DIR by their text; a link in the sources' directory points into DATA_DIR; a file that
 * passed the check is swapped for such a link later. Each is refused and reads nothing, even when
 * the operator's directory holds DATA_DIR (here: the whole temporary directory).
 */
import { mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createSource,
  sourceEnv,
  sqliteSourceBody,
  sqliteSourceFile,
} from '../../test-support/db-sources';
import { describeApi, trialUser, type SuiteApp } from '../../test-support/test-app';

const BASE = '/api/integrations/db-source';
const SECRET = 'admin@atrium.test:scrypt$the-administrator-hash';

/** A database of Atrium's own in DATA_DIR (the app's on SQLite), held open like the app's. */
function ownDatabase(t: SuiteApp) {
  const file = join(t.dataDir, 'own-copy.db');
  const db = new Database(file);
  db.exec(`CREATE TABLE users (email text); INSERT INTO users VALUES ('${SECRET}')`);
  return { file, db };
}

/** The descriptors of this process (the app's: tests inject in-process) that lead into DATA_DIR. */
function descriptorsInto(dir: string): string[] {
  const real = realpathSync(dir);
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(`${real}/`);
    } catch {
      return false;
    }
  });
}

const readNothing = (raw: string) => {
  expect(raw).not.toContain(SECRET);
  expect(raw).not.toMatch(/SQLite \d|objects/);
};

describeApi(
  'SQLite sources when the operator’s directory holds DATA_DIR',
  { env: { ...sourceEnv(), DB_SOURCE_SQLITE_DIR: tmpdir() } },
  (t) => {
    let own: ReturnType<typeof ownDatabase>;
    let trial: Awaited<ReturnType<typeof trialUser>>;
    beforeAll(async () => {
      own = ownDatabase(t);
      trial = await trialUser(t, 'fdprobe');
    });
    afterAll(() => own?.db.close());

    const probe = (token: string, database: string, department: number) =>
      t.api('POST', `${BASE}/test`, {
        token,
        body: sqliteSourceBody(database, { department_id: department }),
      });

    it('when a Trial user tests /proc/self/fd/N for every open descriptor, then each is refused and reads nothing', async () => {
      const fds = descriptorsInto(t.dataDir);
      expect(fds.length).toBeGreaterThan(0);
      for (const fd of fds) {
        const path = `/proc/self/fd/${fd}`;
        const res = await probe(trial.token, path, trial.department);
        expect(res.status, path).toBe(403);
        readNothing(res.raw);
        const created = await t.api('POST', BASE, {
          token: trial.token,
          body: sqliteSourceBody(path, { department_id: trial.department }),
        });
        expect(created.status, path).toBe(403);
      }
    });

    it('when an administrator tests /proc/self/fd/N or /proc/self/root/<DATA_DIR>/…, then the path is refused and nothing is read', async () => {
      const paths = [
        ...descriptorsInto(t.dataDir).map((fd) => `/proc/self/fd/${fd}`),
        `/proc/self/root${own.file}`,
        `/proc/self/root${realpathSync(own.file)}`,
        `/proc/${process.pid}/root${own.file}`,
      ];
      for (const path of paths) {
        const res = await probe(t.admin, path, 1);
        expect(res.status, path).toBe(422);
        expect(res.body.fields, path).toEqual([
          { path: 'database', message: 'db-sources:failure.path_refused' },
        ]);
        readNothing(res.raw);
      }
    });

    it('when a link in the directory points into DATA_DIR, then it is refused', async () => {
      const link = join(mkdtempSync(join(tmpdir(), 'atrium-links-')), 'reports.db');
      symlinkSync(own.file, link);
      const res = await probe(t.admin, link, 1);
      expect(res.status).toBe(422);
      expect(res.body.fields[0].message).toBe('db-sources:failure.path_refused');
      readNothing(res.raw);
    });

    it('when a saved source’s file is swapped for a link into DATA_DIR, then its next query is refused and reads nothing', async () => {
      const file = sqliteSourceFile();
      const { id } = await createSource(t, t.admin, sqliteSourceBody(file));
      rmSync(file);
      symlinkSync(own.file, file);
      for (const [method, url, body] of [
        ['POST', `${BASE}/query?integration_id=${id}`, { sql: 'SELECT email FROM users' }],
        ['GET', `${BASE}/tables?integration_id=${id}`, undefined],
      ] as const) {
        const res = await t.api(method, url, { token: t.admin, body });
        expect(res.status, url).toBe(422);
        expect(res.body.fields, url).toEqual([
          { path: 'database', message: 'db-sources:failure.path_refused' },
        ]);
        readNothing(res.raw);
      }
    });

    it('when a Trial user adds or tests a file the operator allows, then it is refused all the same', async () => {
      const body = sqliteSourceBody(sqliteSourceFile(), { department_id: trial.department });
      const created = await t.api('POST', BASE, { token: trial.token, body });
      expect(created.status).toBe(403);
      expect(created.body.message).toMatch(/Trial accounts may not/);
      const tested = await t.api('POST', `${BASE}/test`, { token: trial.token, body });
      expect(tested.status).toBe(403);
    });
  },
);

describeApi('SQLite sources in the operator’s directory', { env: sourceEnv() }, (t) => {
  it('when a link in the directory points to a database outside it, then it is refused, and a file inside is read', async () => {
    const outside = join(mkdtempSync(join(tmpdir(), 'atrium-outside-')), 'other.db');
    const db = new Database(outside);
    db.exec('CREATE TABLE t (a int)');
    db.close();
    const inside = sqliteSourceFile();
    const linkInside = join(dirname(inside), 'outside.db');
    symlinkSync(outside, linkInside);
    const refused = await t.api('POST', `${BASE}/test`, {
      token: t.admin,
      body: sqliteSourceBody(linkInside),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.fields[0].message).toBe('db-sources:failure.path_refused');
    const read = await t.api('POST', `${BASE}/test`, {
      token: t.admin,
      body: sqliteSourceBody(inside),
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ ok: true, warnings: [] });
    expect(read.body.server_version).toMatch(/^SQLite 3\.\d+\.\d+$/);
  });
});

describeApi('SQLite sources when no directory is set', { env: {} }, (t) => {
  it('when DB_SOURCE_SQLITE_DIR is unset, then SQLite is not offered and a source is refused', async () => {
    const types = await t.api('GET', `${BASE}/db-types`, { token: t.admin });
    expect(types.body.map((x: { key: string }) => x.key)).toEqual(['postgres', 'mysql', 'mssql']);
    const res = await t.api('POST', BASE, {
      token: t.admin,
      body: sqliteSourceBody(sqliteSourceFile()),
    });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual([
      { path: 'db_type', message: 'db-sources:failure.sqlite_disabled' },
    ]);
  });
});

/**
 * Where a database source connects, and where its stored password goes. The attacks: a test of
 * a saved source (or a PUT) with a new port and no password sent the stored PostgreSQL password
 * in clear to a fake server; error texts told refused, silent and speaking ports apart; sources
 * reached loopback whatever the operator said, and a Trial user's did too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPMENTS_DDL, shipmentsInsert, sourceEnv } from '../../test-support/db-sources';
import {
  startRecordingListener,
  type ListenerKind,
  type RecordingListener,
} from '../../test-support/recording-listener';
import { freePort } from '../../test-support/mail-servers';
import { startMariaDb, type MariaDbServer } from '../../test-support/mariadb-server';
import { createPgSource, type PgSource } from '../../test-support/pg-source';
import { describeApi, trialUser } from '../../test-support/test-app';

const BASE = '/api/integrations/db-source';
const pgUrl = process.env.TEST_DATABASE_URL;

let maria: MariaDbServer;
let pgSource: PgSource | undefined;
const listeners: RecordingListener[] = [];

beforeAll(async () => {
  maria = await startMariaDb();
  const root = await maria.admin();
  await root.query(`USE ${maria.database}; ${SHIPMENTS_DDL}; ${shipmentsInsert()}`);
  await root.end();
  if (pgUrl) pgSource = await createPgSource(pgUrl, [SHIPMENTS_DDL, shipmentsInsert()]);
}, 60_000);

afterAll(async () => {
  await Promise.all(listeners.map((l) => l.close()));
  await maria?.stop();
  await pgSource?.drop();
});

async function listener(kind: ListenerKind) {
  const started = await startRecordingListener(kind);
  listeners.push(started);
  return started;
}

const mariaBody = () => ({
  name: 'Warehouse',
  db_type: 'mysql',
  host: maria.host,
  port: maria.port,
  database: maria.database,
  ...maria.reader,
  department_id: 1,
});

const pgBody = () => {
  const s = pgSource as PgSource;
  return {
    name: 'Ledger',
    db_type: 'postgres',
    host: s.host,
    port: s.port,
    database: s.database,
    ...s.writer,
    department_id: 1,
  };
};

const PASSWORD_AGAIN = [{ path: 'password', message: 'db-sources:failure.password_required' }];

describeApi('where database sources connect', { env: sourceEnv() }, (t) => {
  const cases = [
    { type: 'MariaDB', body: mariaBody, password: () => maria.reader.password, skip: false },
    { type: 'PostgreSQL', body: pgBody, password: () => pgSource?.writer.password, skip: !pgUrl },
  ];

  for (const c of cases)
    describe.skipIf(c.skip)(c.type, () => {
      it('when a saved source is tested or changed to another port or host without its password, then it is refused and the stored password goes nowhere', async () => {
        const created = await t.api('POST', BASE, { token: t.admin, body: c.body() });
        expect(created.status, created.raw).toBe(201);
        const id = created.body.id as number;
        const fake = await listener('pg-cleartext');
        const { password: _stored, ...withoutPassword } = c.body();
        for (const moved of [{ port: fake.port }, { host: 'localhost' }, { username: 'other' }]) {
          const body = { ...withoutPassword, ...moved };
          const tested = await t.api('POST', `${BASE}/test?integration_id=${id}`, {
            token: t.admin,
            body,
          });
          expect(tested.status, JSON.stringify(moved)).toBe(422);
          expect(tested.body.fields).toEqual(PASSWORD_AGAIN);
          const put = await t.api('PUT', `${BASE}?integration_id=${id}`, {
            token: t.admin,
            body: moved,
          });
          expect(put.status, JSON.stringify(moved)).toBe(422);
          expect(put.body.fields).toEqual(PASSWORD_AGAIN);
        }
        expect(fake.connections()).toBe(0);
        const stored = await t.api('GET', `${BASE}?integration_id=${id}`, { token: t.admin });
        expect(stored.body).toMatchObject({ port: c.body().port, host: c.body().host });

        // The stored destination itself is tested with the stored password.
        const same = await t.api('POST', `${BASE}/test?integration_id=${id}`, {
          token: t.admin,
          body: withoutPassword,
        });
        expect(same.status, same.raw).toBe(200);

        // A password typed again goes to the new port; the stored one still does not.
        await t.api('POST', `${BASE}/test?integration_id=${id}`, {
          token: t.admin,
          body: { ...withoutPassword, port: fake.port, password: 'Typed-Again-9' },
        });
        const received = fake.received();
        expect(received).not.toContain(c.password());
        // The fake collects what a client sends it: PostgreSQL's password, asked for in clear.
        if (c.type === 'PostgreSQL') expect(received).toContain('Typed-Again-9');
      });
    });

  it('when refused, silent and other-protocol ports are tested, then every type answers the same words', async () => {
    const silent = await listener('silent');
    const banner = await listener('ssh');
    const closed = await freePort();
    const answers = await Promise.all(
      (['postgres', 'mysql', 'mssql'] as const).flatMap((db_type) =>
        [closed, silent.port, banner.port].map(async (port) => {
          const res = await t.api('POST', `${BASE}/test`, {
            token: t.admin,
            body: {
              name: 'Probe',
              db_type,
              host: '127.0.0.1',
              port,
              database: 'x',
              department_id: 1,
            },
          });
          return { db_type, status: res.status, body: res.body as Record<string, unknown> };
        }),
      ),
    );
    for (const db_type of ['postgres', 'mysql', 'mssql']) {
      const mine = answers.filter((a) => a.db_type === db_type);
      expect(mine.map((a) => a.status)).toEqual([422, 422, 422]);
      expect(new Set(mine.map((a) => JSON.stringify(a.body))).size, db_type).toBe(1);
      expect(mine[0].body.fields).toEqual([
        { path: 'host', message: 'db-sources:failure.unreachable' },
      ]);
      expect(mine[0].body.message).toMatch(/Could not connect to a .+ server at this address\./);
      expect(JSON.stringify(mine[0].body)).not.toMatch(/SSH|ECONN|timeout|refused/i);
    }
    expect(t.logs()).toContain('database source: connection failed');
  }, 40_000);

  it('when a Trial user queries a loopback source in their sandbox, then it is refused as a private address', async () => {
    const trial = await trialUser(t, 'loopback');
    const created = await t.api('POST', BASE, {
      token: t.admin,
      body: { ...mariaBody(), department_id: trial.department },
    });
    expect(created.status, created.raw).toBe(201);
    const res = await t.api('POST', `${BASE}/query?integration_id=${created.body.id}`, {
      token: trial.token,
      body: { sql: 'SELECT region FROM shipments' },
    });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual([{ path: 'host', message: 'db-sources:failure.host_refused' }]);
    expect(res.raw).not.toContain('North');
  });
});

describeApi(
  'database sources when the operator allows no private address',
  { env: { DB_SOURCE_SQLITE_DIR: sourceEnv().DB_SOURCE_SQLITE_DIR } },
  (t) => {
    it('when a source on loopback is tested, then it is refused before any connection', async () => {
      const fake = await listener('pg-cleartext');
      for (const [host, port] of [
        ['127.0.0.1', fake.port],
        ['localhost', fake.port],
        ['[::ffff:127.0.0.1]', fake.port],
        [maria.host, maria.port],
      ] as const) {
        const res = await t.api('POST', `${BASE}/test`, {
          token: t.admin,
          body: { ...mariaBody(), db_type: 'postgres', host, port },
        });
        expect(res.status, host).toBe(422);
        expect(res.body.fields, host).toEqual([
          { path: 'host', message: 'db-sources:failure.host_refused' },
        ]);
        expect(res.body.message).toContain('INTEGRATION_HOSTS_ALLOW');
      }
      expect(fake.connections()).toBe(0);
    });
  },
);

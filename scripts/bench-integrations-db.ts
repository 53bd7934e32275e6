/**
 * Database sources: p95 latency of a grouped aggregate over a 1M-row table,
 * through the database-source path (the real app: HTTP API, rights, the parser layer, a fresh
 * read-only connection with its timeout and row cap, EXPLAIN on MariaDB, rollback) against the
 * same query run directly with the driver on one open connection. Target: within 20 %.
 *
 * MariaDB is started on loopback by the test harness; PostgreSQL is the cluster of
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:55439/postgres), in a database of
 * its own that is dropped afterwards. Run: npx tsx scripts/bench-integrations-db.ts [runs]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { pino } from 'pino';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { startMariaDb } from '../server/test-support/mariadb-server';
import { createPgSource } from '../server/test-support/pg-source';

const RUNS = Number(process.argv[2] ?? 30);
const ROWS = 1_000_000;
const API_KEY = 'bench-api-key-123';
const ADMIN = { email: 'admin@bench.test', password: 'Admin-Pass-123' };
const QUERY = 'SELECT region, SUM(weight) AS total FROM shipments GROUP BY region ORDER BY region';
const DDL =
  'CREATE TABLE shipments (id integer primary key, region varchar(20) not null, ' +
  'mode varchar(10) not null, weight integer not null)';

const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.95) - 1];
const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)];

/** Both paths in turns, so the noise of a shared machine falls on both alike. */
async function interleaved(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[number[], number[]]> {
  await a(); // warm-up: caches, first connection, first parse
  await b();
  const out: [number[], number[]] = [[], []];
  for (let i = 0; i < RUNS; i += 1)
    for (const [k, fn] of [a, b].entries()) {
      const started = performance.now();
      await fn();
      out[k].push(performance.now() - started);
    }
  return out;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-db-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    API_KEY,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    INGEST_CONCURRENCY: '0',
    EMAIL_SYNC_SECONDS: '0',
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(dataDir, 'no-spa'),
    DB_SOURCE_TIMEOUT_MS: '60000',
    // The harness's MariaDB and PostgreSQL listen on loopback.
    INTEGRATION_HOSTS_ALLOW: '127.0.0.1',
  });
  const database = createDatabase(config);
  await migrateToLatest(database);
  await seed(database, config);
  const app = await buildApp(config, { database, logger: pino({ level: 'silent' }) });
  await app.ready();
  const call = async (method: 'POST', url: string, token?: string, body?: object) => {
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-api-key': API_KEY, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { payload: body } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };

  const maria = await startMariaDb();
  const pgBase = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55439/postgres';
  const seedStarted = performance.now();
  const pgSource = await createPgSource(pgBase, [
    DDL,
    `INSERT INTO shipments SELECT g, (ARRAY['North','South','East','West'])[1 + g % 4],
       CASE WHEN g % 2 = 0 THEN 'air' ELSE 'sea' END, g % 1000 FROM generate_series(1, ${ROWS}) g`,
    'ANALYZE shipments',
  ]);
  const root = await maria.admin();
  await root.query(`USE ${maria.database}; ${DDL};
    INSERT INTO shipments SELECT seq, ELT(1 + seq % 4, 'North', 'South', 'East', 'West'),
      IF(seq % 2 = 0, 'air', 'sea'), seq % 1000 FROM seq_1_to_${ROWS};
    ANALYZE TABLE shipments;`);
  await root.end();
  console.log(
    `seeded ${ROWS.toLocaleString('en')} rows in each in ${Math.round(performance.now() - seedStarted)} ms; ${RUNS} runs each`,
  );

  try {
    const token = (await call('POST', '/users/login', undefined, ADMIN)).access_token as string;
    const servers = [
      {
        label: 'MariaDB',
        body: {
          db_type: 'mysql',
          host: maria.host,
          port: maria.port,
          database: maria.database,
          ...maria.reader,
        },
        direct: async () => {
          const c = await mysql.createConnection({
            host: maria.host,
            port: maria.port,
            user: maria.reader.username,
            password: maria.reader.password,
            database: maria.database,
          });
          return { run: () => c.query(QUERY), end: () => c.end() };
        },
      },
      {
        label: 'PostgreSQL',
        body: {
          db_type: 'postgres',
          host: pgSource.host,
          port: pgSource.port,
          database: pgSource.database,
          ...pgSource.writer,
        },
        direct: async () => {
          const c = await pgSource.owner();
          return { run: () => c.query(QUERY), end: () => c.end() };
        },
      },
    ];
    console.log('\nquery: ' + QUERY);
    console.log('server      path          p50 ms   p95 ms');
    for (const server of servers) {
      const source = await call('POST', '/integrations/db-source', token, {
        name: `${server.label} bench`,
        department_id: 1,
        ...server.body,
      });
      const direct = await server.direct();
      const [viaSource, viaDriver] = await interleaved(
        () =>
          call(
            'POST',
            `/integrations/db-source/query?integration_id=${source.id as number}`,
            token,
            {
              sql: QUERY,
            },
          ),
        () => direct.run(),
      );
      await direct.end();
      const row = (path: string, ms: number[]) =>
        console.log(
          `${server.label.padEnd(12)}${path.padEnd(14)}${median(ms).toFixed(1).padStart(6)}   ${p95(ms).toFixed(1).padStart(6)}`,
        );
      row('db source', viaSource);
      row('driver', viaDriver);
      const ratio = p95(viaSource) / p95(viaDriver);
      console.log(
        `${server.label.padEnd(12)}overhead at p95: ${((ratio - 1) * 100).toFixed(1)} % (target ≤ 20 %) ${ratio <= 1.2 ? 'met' : 'MISSED'}`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    await maria.stop();
    await pgSource.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

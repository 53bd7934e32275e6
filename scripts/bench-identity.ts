/**
 * `npm run bench:identity`: seeds 100,000 users in 200 departments with 1,000 roles,
 * starts the real server (buildApp + listen, in this process so a slow start under load does not
 * matter) on that database and measures over HTTP, one request at a time, the
 * p50/p95 latency of the identity calls the console makes most. SQLite always; PostgreSQL too
 * when TEST_DATABASE_URL is set (a throw-away schema, dropped afterwards).
 * Targets: list and search p95 < 30 ms, /users/me p95 < 5 ms. It prints; it does not fail.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { PERMISSION_CATALOGUE, idsOf } from '../contract/permissions';
import { loadConfig } from '../server/config';
import { createDatabase, type Database } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { hashPassword } from '../server/services/security/passwords';
import { buildApp } from '../server/app';

const USERS = 100_000;
const DEPARTMENTS = 200;
const ROLES_PER_DEPARTMENT = 5;
const RUNS = 300;
const WARM_UP = 30;
const ADMIN = { email: 'admin@e2e.test', password: 'Admin-Pass-123' };
const STAFF_PASSWORD = 'Staff-Pass-123';

const FIRST = [
  'Ada',
  'Bruno',
  'Carla',
  'Dmitri',
  'Elena',
  'Farid',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
];
const LAST = ['Arnold', 'Berger', 'Castro', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Horvat'];

/** Base-26 letters: department names allow letters, spaces and hyphens only. */
function word(n: number): string {
  let out = '';
  let v = n + 1;
  while (v > 0) {
    out = String.fromCharCode(97 + ((v - 1) % 26)) + out;
    v = Math.floor((v - 1) / 26);
  }
  return out;
}

async function insertInChunks<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

async function seedVolume({ db }: Database) {
  const now = new Date().toISOString();
  const departments = Array.from({ length: DEPARTMENTS }, (_, i) => ({
    name: `Department ${word(i)}`,
    description: '',
    created_at: now,
    updated_at: now,
  }));
  const deptIds = (
    await db.insertInto('departments').values(departments).returning('id').execute()
  ).map((r) => r.id);

  const roles = deptIds.flatMap((department_id, d) =>
    Array.from({ length: ROLES_PER_DEPARTMENT }, (_, r) => ({
      name: `Role ${r + 1}`,
      description: '',
      department_id,
      permission_set: JSON.stringify(
        PERMISSION_CATALOGUE.filter((p) => (p.id * 7 + d + r) % 5 === 0).map((p) => p.id),
      ),
      created_at: now,
      updated_at: now,
    })),
  );
  const roleIds: number[] = [];
  await insertInChunks(roles, 500, async (chunk) =>
    roleIds.push(
      ...(await db.insertInto('roles').values(chunk).returning('id').execute()).map((r) => r.id),
    ),
  );

  const users = Array.from({ length: USERS }, (_, i) => ({
    username: `user${i}`,
    email: `user${i}@bench.test`,
    first_name: FIRST[i % FIRST.length],
    last_name: `${LAST[i % LAST.length]}${word(i % 5000)}`,
    password_hash: '!bench',
    status: i % 20 === 0 ? ('disabled' as const) : ('active' as const),
    is_verified: 1,
    is_defaultadmin: 0,
    failed_logins: 0,
    created_at: now,
    updated_at: now,
  }));
  const userIds: number[] = [];
  await insertInChunks(users, 1000, async (chunk) =>
    userIds.push(
      ...(await db.insertInto('users').values(chunk).returning('id').execute()).map((r) => r.id),
    ),
  );
  const assignments = userIds.flatMap((user_id, i) => {
    const d = i % DEPARTMENTS;
    const first = {
      user_id,
      department_id: deptIds[d],
      role_id: roleIds[d * ROLES_PER_DEPARTMENT + (i % ROLES_PER_DEPARTMENT)],
    };
    if (i % 10 !== 0) return [first];
    const e = (d + 17) % DEPARTMENTS;
    return [
      first,
      { user_id, department_id: deptIds[e], role_id: roleIds[e * ROLES_PER_DEPARTMENT] },
    ];
  });
  await insertInChunks(assignments, 2000, (chunk) =>
    db.insertInto('user_roles').values(chunk).execute(),
  );

  // A staff member who lists and searches users and roles in three departments.
  const staffRole = await db
    .insertInto('roles')
    .values({
      name: 'Bench staff',
      description: '',
      department_id: deptIds[0],
      permission_set: JSON.stringify(idsOf('Users.LIST_VIEW', 'Users.VIEW', 'Roles.LIST_VIEW')),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const staff = await db
    .insertInto('users')
    .values({
      ...users[0],
      username: 'bench.staff',
      email: 'staff@bench.test',
      password_hash: await hashPassword(STAFF_PASSWORD),
      status: 'active',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_roles')
    .values(
      [0, 1, 2].map((d) => ({
        user_id: staff.id,
        department_id: deptIds[d],
        role_id: staffRole.id,
      })),
    )
    .execute();
  // A live database has planner statistics; a bulk load has none until autovacuum catches up.
  await sql`analyze`.execute(db);
  const roleRows = roles.map((r, k) => ({
    id: roleIds[k],
    name: r.name,
    department_id: r.department_id,
  }));
  return { deptNames: departments.map((d) => d.name), roles: roleRows };
}

interface Client {
  call: (
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; json: unknown }>;
}

function client(url: string, apiKey: string, token?: string): Client {
  return {
    async call(method, path, body) {
      const res = await fetch(`${url}/api${path}`, {
        method,
        headers: {
          'x-api-key': apiKey,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json: unknown = await res.json();
      return { status: res.status, json };
    },
  };
}

async function measure(name: string, run: (i: number) => Promise<{ status: number }>) {
  for (let i = 0; i < WARM_UP; i += 1) await run(i);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    const res = await run(i);
    times.push(performance.now() - start);
    if (res.status >= 300) throw new Error(`${name}: answered ${res.status}`);
  }
  times.sort((a, b) => a - b);
  const pick = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { name, p50: pick(0.5), p95: pick(0.95) };
}

async function benchOne(label: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    API_KEY: 'bench-api-key',
    STATIC_DIR: join(dataDir, 'no-build'),
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
  };
  const config = loadConfig(env);
  const database = createDatabase(config);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const started = Date.now();
    await migrateToLatest(database);
    await seed(database, config);
    const { deptNames, roles } = await seedVolume(database);
    console.log(
      `\n${label}: seeded ${USERS} users, ${DEPARTMENTS} departments, ${roles.length} roles in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    app = await buildApp(config, { database });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const server = { url: address, apiKey: config.apiKey };
    const anon = client(server.url, server.apiKey);
    const login = async (email: string, password: string) =>
      (
        (await anon.call('POST', '/users/login', { email, password })).json as {
          access_token: string;
        }
      ).access_token;
    const admin = client(server.url, server.apiKey, await login(ADMIN.email, ADMIN.password));
    const staff = client(
      server.url,
      server.apiKey,
      await login('staff@bench.test', STAFF_PASSWORD),
    );
    const dept = (i: number) => encodeURIComponent(deptNames[(i * 37) % deptNames.length]);
    const term = (i: number) =>
      encodeURIComponent(`${LAST[i % LAST.length].toLowerCase()}${word(i % 300)}`);

    const results = [
      await measure('GET /users?search&department_name (admin)', (i) =>
        admin.call('GET', `/users?page=1&size=100&search=${term(i)}&department_name=${dept(i)}`),
      ),
      await measure('GET /users?search (admin, all 100k)', (i) =>
        admin.call('GET', `/users?page=1&size=100&search=${term(i)}`),
      ),
      await measure('GET /users?department_name (admin)', (i) =>
        admin.call('GET', `/users?page=1&size=100&department_name=${dept(i)}`),
      ),
      await measure('GET /users?page=n (admin)', (i) =>
        admin.call('GET', `/users?page=${(i % 50) + 1}&size=100`),
      ),
      await measure('GET /users?search (staff, 3 departments)', (i) =>
        staff.call('GET', `/users?page=1&size=100&search=${term(i)}`),
      ),
      await measure('GET /roles (admin)', (i) =>
        admin.call('GET', `/roles?type=paginated&page=${(i % 10) + 1}&size=100`),
      ),
      await measure('GET /roles (staff)', () => staff.call('GET', '/roles?type=all')),
      await measure('GET /users/me', () => staff.call('GET', '/users/me')),
      await measure('PUT /roles/{id} with history', (i) => {
        const role = roles[(i * 13) % roles.length];
        return admin.call('PUT', `/roles/${role.id}`, {
          name: role.name,
          description: `Run ${word(i)}`,
          department_id: role.department_id,
          permission_set: i % 2 ? idsOf('Users.VIEW') : idsOf('Users.VIEW', 'Roles.VIEW'),
        });
      }),
    ];
    for (const r of results)
      console.log(
        `  ${r.name.padEnd(46)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms`,
      );
  } finally {
    await app?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withPostgresSchema(base: string, work: (url: string) => Promise<void>) {
  const schema = `atrium_bench_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await run(`create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    await work(url.toString());
  } finally {
    // BENCH_KEEP_SCHEMA=1 keeps the seeded schema to look at query plans afterwards.
    if (process.env.BENCH_KEEP_SCHEMA === '1') console.log(`kept schema ${schema}`);
    else await run(`drop schema if exists ${schema} cascade`);
  }
}

async function main() {
  if (process.env.BENCH_ONLY !== 'postgres') await benchOne('SQLite', undefined);
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) await withPostgresSchema(pgUrl, (url) => benchOne('PostgreSQL', url));
  else console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL to include it)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * `npx tsx scripts/bench-integrations-keys.ts` (part of bench:integrations): what an API
 * key costs per request against a user's session token, on the same routes of the real app
 * (buildApp, app.inject), on a fresh database (SQLite in a temporary directory, or DATABASE_URL).
 *
 *   - GET /api/permissions: authentication only (the route reads no rights);
 *   - GET /api/roles?size=5: authentication plus the rights check and department scope.
 *
 * The two kinds of request alternate in rounds, so both see the same machine. Printed per kind:
 * mean, p50 and p95 in microseconds (a staff member's session and their own key, same rights), and the key's overhead against the session. The key's
 * usage (count, last use, rate window) is written in batches; the writes it made are counted
 * from the rows. Target: the key costs no more than the session check. It measures; not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { idsOf } from '../contract/permissions';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { modules } from '../server/container';
import { buildModules, createCore } from '../server/module';
import { apiKeysModule } from '../server/modules/api-keys/module';
import { identityModule } from '../server/modules/identity/module';
import { createDatabase, type Database } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { createMailer } from '../server/services/mail/mailer';
import { createAccessTokens } from '../server/services/security/access-tokens';
import { hashPassword } from '../server/services/security/passwords';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 500);
const ADMIN = { email: 'bench@atrium.local', password: 'Bench-Pass-123' };
const API_KEY = 'bench-api-key-123';
const STAFF = { email: 'staff@atrium.local', password: 'Staff-Pass-123-x' };

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const us = (ms: number) => `${(ms * 1000).toFixed(0).padStart(5)} µs`;

/**
 * A verified staff member holding Roles rights through one role in department 1, as the console
 * would have made them: the session and the key act for the same person with the same rights.
 */
async function staffMember(database: Database) {
  const now = new Date().toISOString();
  const { db } = database;
  const role = await db
    .insertInto('roles')
    .values({
      name: 'Bench keys',
      description: '',
      department_id: 1,
      permission_set: JSON.stringify(idsOf('Roles.ADD', 'Roles.LIST_VIEW', 'Roles.VIEW')),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      username: 'bench.staff',
      email: STAFF.email,
      first_name: 'Bench',
      last_name: 'Staff',
      password_hash: await hashPassword(STAFF.password),
      status: 'active',
      is_verified: 1,
      is_defaultadmin: 0,
      failed_logins: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_roles')
    .values({ user_id: user.id, role_id: role.id, department_id: 1 })
    .execute();
  return STAFF;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-keys-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    API_KEY,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    INGEST_CONCURRENCY: '0',
    EMAIL_SYNC_SECONDS: '0',
    LOG_LEVEL: 'silent',
    API_KEY_RATE_LIMIT: '100000000',
    STATIC_DIR: join(dataDir, 'no-spa'),
  });
  const database = createDatabase(config);
  await migrateToLatest(database);
  await seed(database, config);
  const app = await buildApp(config, { database, logger: pino({ level: 'silent' }) });
  await app.ready();
  const inject = (method: 'GET' | 'POST', url: string, token?: string, body?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-api-key': API_KEY, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { payload: body } : {}),
    });
  try {
    const staff = await staffMember(database);
    const session = (await inject('POST', '/users/login', undefined, staff)).json<{
      access_token: string;
    }>().access_token;
    // The same person's key with the same rights: both kinds do the same work past the check.
    const created = await inject('POST', '/api-keys', session, {
      name: 'Bench key',
      permission_set: idsOf('Roles.LIST_VIEW', 'Roles.VIEW'),
      department_ids: [1],
      expires_in_days: 30,
    });
    const { key, id } = created.json<{ key: string; id: number }>();
    const kinds = { session, key } as const;

    console.log(
      `API key vs session token, ${database.dialect}: ${ROUNDS} rounds × ${PER_ROUND} requests of each kind per route (app.inject, one process)`,
    );
    for (const route of ['/permissions', '/roles?size=5']) {
      const times: Record<keyof typeof kinds, number[]> = { session: [], key: [] };
      const run = async (kind: keyof typeof kinds, n: number, keep: boolean) => {
        for (let i = 0; i < n; i += 1) {
          const start = performance.now();
          const res = await inject('GET', route, kinds[kind]);
          const took = performance.now() - start;
          if (res.statusCode !== 200) throw new Error(`${kind} ${route}: ${res.statusCode}`);
          if (keep) times[kind].push(took);
        }
      };
      await run('session', PER_ROUND, false);
      await run('key', PER_ROUND, false);
      for (let r = 0; r < ROUNDS; r += 1) {
        // Alternate which goes first, so neither always runs on a warmer or colder machine.
        const order: (keyof typeof kinds)[] = r % 2 === 0 ? ['session', 'key'] : ['key', 'session'];
        for (const kind of order) await run(kind, PER_ROUND, true);
      }
      const stats = Object.fromEntries(
        (Object.keys(kinds) as (keyof typeof kinds)[]).map((kind) => {
          const sorted = [...times[kind]].sort((a, b) => a - b);
          const mean = sorted.reduce((s, t) => s + t, 0) / sorted.length;
          // Without the slowest 5 %: on a shared machine the tail is other processes' work.
          const body = sorted.slice(0, Math.floor(sorted.length * 0.95));
          const trimmed = body.reduce((s, t) => s + t, 0) / body.length;
          return [kind, { mean, trimmed, p50: pct(sorted, 50), p95: pct(sorted, 95) }];
        }),
      ) as Record<keyof typeof kinds, { mean: number; trimmed: number; p50: number; p95: number }>;
      console.log(`\nGET /api${route}`);
      for (const kind of ['session', 'key'] as const)
        console.log(
          `  ${kind.padEnd(8)} p50 ${us(stats[kind].p50)}   mean ${us(stats[kind].mean)}   mean of the fastest 95 % ${us(stats[kind].trimmed)}   p95 ${us(stats[kind].p95)}`,
        );
      const signed = (ms: number) => `${ms >= 0 ? '+' : '−'}${us(Math.abs(ms)).trim()}`;
      const atMedian = stats.key.p50 - stats.session.p50;
      const trimmed = stats.key.trimmed - stats.session.trimmed;
      console.log(
        `  key − session: ${signed(atMedian)} at p50, ${signed(trimmed)} on the mean of the fastest 95 % -> ${atMedian <= 0 && trimmed <= 0 ? 'met' : 'MISS'} (target: the key costs no more than the session check)`,
      );
    }
    // The checks alone, without HTTP: what the auth hook calls for each kind of token.
    const built = buildModules(
      createCore(
        {
          config,
          database,
          mailer: createMailer(config),
          tokens: createAccessTokens(config.jwtSecret),
        },
        pino({ level: 'silent' }),
      ),
      modules,
    );
    const services = built.services(identityModule);
    const { apiKeyAuth, apiKeyUsage } = built.services(apiKeysModule);
    const checks = {
      'token check': {
        session: () => services.sessions.authenticate(session),
        key: () => apiKeyAuth(key),
      },
      'token check and rights (roles route)': {
        session: async () =>
          services.profiles.subjectOf((await services.sessions.authenticate(session)).user),
        key: async () => (await apiKeyAuth(key)).subject(),
      },
    };
    const CHECKS = 20 * PER_ROUND;
    console.log(`\nThe checks alone (${ROUNDS * 2} rounds × ${CHECKS} of each, in turns):`);
    for (const [label, pair] of Object.entries(checks)) {
      const means: Record<keyof typeof pair, number[]> = { session: [], key: [] };
      for (let r = 0; r < ROUNDS * 2 + 2; r += 1) {
        const order: (keyof typeof pair)[] = r % 2 === 0 ? ['session', 'key'] : ['key', 'session'];
        for (const kind of order) {
          const start = performance.now();
          for (let i = 0; i < CHECKS; i += 1) await pair[kind]();
          // The first two rounds warm up.
          if (r >= 2) means[kind].push((performance.now() - start) / CHECKS);
        }
      }
      const median = (values: number[]) =>
        pct(
          [...values].sort((x, y) => x - y),
          50,
        );
      // Each round measured both kinds back to back: its difference is free of the machine's
      // slower and faster spells, which move both alike.
      const diffs = means.key.map((k, i) => k - means.session[i]).sort((x, y) => x - y);
      const [a, b, d] = [median(means.session), median(means.key), median(diffs)];
      const q = (p: number) => (pct(diffs, p) * 1000).toFixed(1);
      console.log(
        `  ${label}: session ${(a * 1000).toFixed(1)} µs, key ${(b * 1000).toFixed(1)} µs (median of the rounds' means); key − session in the same round: median ${(d * 1000).toFixed(1)} µs (middle half ${q(25)} to ${q(75)}) -> ${d <= 0 ? 'met' : 'MISS'}`,
      );
    }
    await apiKeyUsage.flush();

    // Usage is written in batches: how many requests the key made, and what the row says.
    await app.close();
    const row = await database.db
      .selectFrom('api_keys')
      .select(['request_count', 'last_used_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    console.log(
      `\nkey usage written in batches (at most one write per key per 2 s per process): request_count ${row.request_count}, last_used_at ${row.last_used_at}`,
    );
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

/**
 * `npm run bench:reports`: seeds BENCH_TURNS (1,000,000) conversation turns over the
 * last 365 days — about 4 turns a conversation, 80 % in the assistant and 20 % in a widget, three
 * departments, business-hour peaks, a sentiment for every turn and a rating for one in ten —
 * then prints the p95 of every report endpoint over a 30-day and a 365-day range (in process,
 * through the real routes), the time of a 365-day export of each report in each format and the
 * peak RSS growth while it runs. Options: BENCH_TURNS, BENCH_RUNS (10 calls an endpoint and range),
 * BENCH_DATA_DIR (keep the generated database for the next run), DATABASE_URL for PostgreSQL
 * (an empty database). It measures and prints; it is not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { pino } from 'pino';
import { isoDay } from '../contract/reports';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { seedTurns } from './bench-reports-seed';

const TURNS = Number(process.env.BENCH_TURNS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const API_KEY = 'bench-api-key-123';
const ADMIN = { email: 'bench@atrium.local', password: 'Bench-Pass-123' };

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)] ?? 0;
};

async function main() {
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ?? mkdtempSync(join(tmpdir(), 'atrium-bench-reports-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    API_KEY,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    STATIC_DIR: join(dataDir, 'no-build'),
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
  });
  const database = createDatabase(config);
  await migrateToLatest(database);
  await seed(database, config);
  const { db } = database;
  const have = Number(
    (
      await db
        .selectFrom('chat_turns')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (have === 0) {
    if (database.dialect === 'sqlite') await sql`pragma synchronous = normal`.execute(db);
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const departments: number[] = [];
    for (const name of ['Bench North', 'Bench South', 'Bench West']) {
      const row = await db
        .insertInto('departments')
        .values({ name, description: '', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      departments.push(row.id);
    }
    console.log(`Seeding ${TURNS.toLocaleString('en')} turns on ${database.dialect}…`);
    const started = performance.now();
    await seedTurns(database, TURNS, admin.id, departments);
    if (database.dialect === 'postgres') await sql`analyze`.execute(db);
    else await sql`analyze`.execute(db);
    console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } else console.log(`Reusing ${have.toLocaleString('en')} turns on ${database.dialect}`);

  // At start the server counts the product rollups on from their marks (all of them, on a
  // database new to them), in the background: timed with the start, the sign-in and the list.
  const counting = performance.now();
  // How long a request could wait meanwhile: the longest the event loop is held.
  const held = monitorEventLoopDelay({ resolution: 10 });
  held.enable();
  const app = await buildApp(config, { database, logger: pino({ level: 'silent' }) });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers: { 'x-api-key': API_KEY },
    payload: ADMIN,
  });
  const token = (login.json() as { access_token: string }).access_token;
  const headers = { 'x-api-key': API_KEY, authorization: `Bearer ${token}` };
  const call = async (url: string) => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200)
      throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return { ms: performance.now() - started, bytes: res.rawPayload };
  };

  const today = isoDay(new Date());
  const rangeOf = (days: number) =>
    `start_date=${isoDay(new Date(Date.now() - (days - 1) * 864e5))}&end_date=${today}`;
  // The admin's product list: the products filters below name them (product-rollup.ts).
  const listed = await app.inject({
    method: 'PUT',
    url: '/api/reports/sentiments/products',
    headers,
    payload: { names: ['Harbour Box', 'Lantern'] },
  });
  if (listed.statusCode !== 200) throw new Error(`product list answered ${listed.statusCode}`);
  await app.backgroundTasks.idle();
  held.disable();
  console.log(
    `Server started, signed in and product rollups counted (listed products and SOP types, from their marks) in ${((performance.now() - counting) / 1000).toFixed(1)} s; the event loop held at most ${(held.max / 1e6).toFixed(0)} ms at a time`,
  );
  const endpoints = [
    'analytics/overview',
    'analytics/peak_hours',
    'analytics/response_time',
    'analytics/customer_satisfaction',
    'sentiments/dashboard',
    'sentiments/dashboard?sentiment=negative',
    'sentiments/dashboard?products=lantern',
    'sentiments/dashboard?products=lantern,harbour%20box',
    'sentiments/average_conversation_summary',
    'sentiments/average_conversation_summary?sentiment=negative',
    'sentiments/average_conversation_summary?products=lantern',
    'sentiments/average_conversation_summary?products=lantern,harbour%20box',
    'sentiments/conversations',
    'sentiments/conversations?sentiment=negative&products=lantern',
    'sentiments/conversations?products=lantern,harbour%20box',
    'sentiments/products',
  ];
  const TARGET_MS = 200;
  console.log(
    `\nReport endpoints, p95 of ${RUNS} calls (ms); target p95 < ${TARGET_MS} ms over 365 days:`,
  );
  console.log(
    `  ${'endpoint'.padEnd(60)} ${'30 days'.padStart(9)} ${'365 days'.padStart(9)} ${'first'.padStart(9)}  target`,
  );
  const worst: number[] = [];
  for (const path of endpoints) {
    const cells: string[] = [];
    const url = (days: number) =>
      `/api/reports/${path}${path.includes('?') ? '&' : '?'}${rangeOf(days)}`;
    let first = 0;
    let year = 0;
    for (const days of [30, 365]) {
      const times: number[] = [];
      // The first call of a process may count rollups on (the products'): shown apart.
      const once = (await call(url(days))).ms;
      if (days === 30) first = once;
      for (let i = 0; i < RUNS; i += 1) times.push((await call(url(days))).ms);
      if (days === 365) year = p95(times);
      cells.push(p95(times).toFixed(1).padStart(9));
    }
    worst.push(year);
    console.log(
      `  ${path.padEnd(60)} ${cells.join(' ')} ${first.toFixed(1).padStart(9)}  ${year < TARGET_MS ? 'met' : 'MISSED'}`,
    );
  }
  const live: number[] = [];
  for (let i = 0; i < RUNS; i += 1) live.push((await call('/api/reports/dashboard')).ms);
  console.log(`  ${'dashboard (live, 7 days)'.padEnd(60)} ${p95(live).toFixed(1).padStart(9)}`);

  const EXPORT_S = 10;
  const EXPORT_MB = 150;
  console.log(
    `\nExport of 365 days (every section; the pdf draws each chart); targets < ${EXPORT_S} s, RSS growth < ${EXPORT_MB} MB:`,
  );
  const exports = [
    ...['analytics', 'sentiment'].flatMap((report) =>
      ['csv', 'xlsx', 'pdf'].map((format) => ({ report, format, filter: '' })),
    ),
    ...['csv', 'xlsx', 'pdf'].map((format) => ({
      report: 'sentiment',
      format,
      filter: '&sentiment=negative&products=lantern&date_range=week',
    })),
  ];
  let exportsMet = true;
  for (const { report, format, filter } of exports) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const { ms, bytes } = await call(
      `/api/reports/analytics/export/?${rangeOf(365)}&report=${report}&export_format=${format}${filter}`,
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const growth = (peak - before) / 2 ** 20;
    const met = ms / 1000 < EXPORT_S && growth < EXPORT_MB;
    exportsMet &&= met;
    console.log(
      `  ${`${report}${filter ? ' (filtered)' : ''}`.padEnd(21)} ${format.padEnd(5)} ${(ms / 1000).toFixed(2)} s, ${(bytes.length / 1024).toFixed(1)} KB, peak RSS growth ${growth.toFixed(1)} MB  ${met ? 'met' : 'MISSED'}`,
    );
  }
  const met = Math.max(...worst) < TARGET_MS;
  console.log(
    `\nTarget every endpoint p95 < ${TARGET_MS} ms over 365 days: ${met ? 'met' : 'MISSED'} (worst ${Math.max(...worst).toFixed(1)} ms)`,
  );
  console.log(
    `Target every 365-day export < ${EXPORT_S} s with RSS growth < ${EXPORT_MB} MB: ${exportsMet ? 'met' : 'MISSED'}`,
  );
  await app.close();
  await database.close();
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

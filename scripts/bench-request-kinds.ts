/**
 * `npx tsx scripts/bench-request-kinds.ts`: what one request of each kind bench:soak sends costs,
 * one at a time, in-process (Fastify's inject, so without HTTP parsing): the server's CPU time
 * (the thread pool's scrypt included), the CPU time of its PostgreSQL backends, and the
 * statements it runs. The soak's totals say how much; this says which request.
 *
 * PostgreSQL: TEST_DATABASE_URL (required); its backends are told apart by application_name.
 * BENCH_REPEAT: requests of each kind (150). Linux only (reads /proc).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { buildPdf } from '../server/test-support/fixtures/pdf-writer';
import { uploadFiles, waitForDocument } from '../server/test-support/knowledge';
import { startTestApp, TEST_ADMIN } from '../server/test-support/test-app';
import { HARBOUR_QUESTION, harbourHandbook } from '../tests/support/harbour-handbook';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 150);
const APPLICATION = 'bench-request-kinds';
const HOST_PAGE = 'http://127.0.0.2:4173';
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL server.');

function cpuMsOf(pid: number): number {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

// Every statement the app sends, counted where pg sends it.
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const url = new URL(base);
url.searchParams.set('application_name', APPLICATION);
process.env.TEST_DATABASE_URL = url.toString();
const monitor = new pg.Client({ connectionString: base });
await monitor.connect();
let backends = new Map<number, number>();
/** CPU ms the app's backends used since the last call. */
async function postgresSpent(): Promise<number> {
  const { rows } = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [APPLICATION],
  );
  const now = new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)]));
  let spent = 0;
  for (const [pid, ms] of now) spent += ms - (backends.get(pid) ?? 0);
  backends = now;
  return spent;
}

const t = await startTestApp('postgres', { LOG_LEVEL: 'warn' });
const token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
const handbook = await uploadFiles(t, token, [
  { name: 'harbour.pdf', content: harbourHandbook, type: 'application/pdf' },
]);
await waitForDocument(t, token, handbook.body.items[0].document_id);
const widget = await t.api('POST', '/api/service-agent', {
  token,
  body: {
    client_name: 'Bench',
    target_areas: [1],
    allowed_hosts: ['127.0.0.2:4173'],
    daily_message_quota: 1_000_000,
  },
});
const key = widget.body.client_id as string;
const visitorLogin = () =>
  t.api('POST', '/api/users/login', { headers: { API_KEY: key, origin: HOST_PAGE } });
const visitor = (await visitorLogin()).body.access_token as string;
let uploads = 0;

const kinds: [string, () => Promise<{ status: number; raw: string }>][] = [
  ['sign-in', () => t.api('POST', '/api/users/login', { body: TEST_ADMIN })],
  ['list users', () => t.api('GET', '/api/users?page=1&size=20', { token })],
  [
    'list documents',
    () => t.api('GET', '/api/upload/uploaded/documents?page=1&size=20', { token }),
  ],
  [
    'assistant answer',
    () =>
      t.api('POST', '/api/chat/stuff', {
        token,
        body: { query: HARBOUR_QUESTION, department_id: 1 },
      }),
  ],
  ['widget sign-in', visitorLogin],
  [
    'widget answer',
    () =>
      t.api('POST', '/api/service-agent/me/chat', {
        token: visitor,
        headers: { origin: HOST_PAGE },
        body: { query: HARBOUR_QUESTION },
      }),
  ],
  ['live report', () => t.api('GET', '/api/reports/dashboard', { token })],
  ['sentiment report', () => t.api('GET', '/api/reports/sentiments/dashboard', { token })],
  // Last: its ingestion goes on in the background.
  [
    'upload',
    () => {
      uploads += 1;
      const name = `bench-${uploads}-${Date.now()}.pdf`;
      const pdf = buildPdf([{ lines: [name, `Berth ${uploads} is booked at the office.`] }]);
      return uploadFiles(t, token, [{ name, content: pdf, type: 'application/pdf' }], {
        department_id: '1',
        advanced_training: 'false',
        need_summary: 'false',
      });
    },
  ],
];

console.log(`${REPEAT} of each, one at a time (ms a request):`);
for (const [name, run] of kinds) {
  for (let i = 0; i < 3; i += 1) await run();
  await postgresSpent();
  statements = 0;
  const cpu = process.cpuUsage();
  for (let i = 0; i < REPEAT; i += 1) {
    const res = await run();
    if (res.status >= 300) throw new Error(`${name} answered ${res.status}: ${res.raw}`);
  }
  const used = process.cpuUsage(cpu);
  const server = (used.user + used.system) / 1000 / REPEAT;
  const database = (await postgresSpent()) / REPEAT;
  console.log(
    `  ${name.padEnd(17)} server CPU ${server.toFixed(2).padStart(6)}  PostgreSQL CPU ${database.toFixed(2).padStart(5)}  statements ${(statements / REPEAT).toFixed(1)}`,
  );
}
await t.close();
await monitor.end();

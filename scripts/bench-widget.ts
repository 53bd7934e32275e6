/**
 * `npm run bench:widget`: chat widget visitors against 10,000 documents on SQLite.
 *
 * Writes 10,000 project documents (real `documents` rows and chunks through the search index, as
 * bench:chat does) into a fresh data directory, starts the server in a process of its own
 * (`server/main.ts`, so the visitors below do not share its event loop), creates one widget over
 * the API answering from General, then:
 *   0. one visitor asks 40 questions alone: what one answer takes without waiting for others;
 *   1. 200 visitors log in by key (POST /api/users/login, API_KEY, X-Widget-Host as the widget's
 *      iframe sends them), 50 at a time: logins/s and login p50/p95;
 *   2. the same 200 visitors ask 5 questions each (POST /api/service-agent/me/chat, JSON), 50
 *      visitors at a time, each question as soon as the previous answer is in: answer p50/p95
 *      (target p95 < 300 ms), answers/s, and how many answers cite the document holding the
 *      fact; then 50 of them again pausing BENCH_THINK_MS (3000) between questions, as people
 *      reading and typing do;
 *   3. one visitor floods (BENCH_FLOOD questions, 10 at a time, from one address) while another
 *      asks 5 questions from its own address: the share of 429s the flooder gets and whether the
 *      other visitor is served.
 * Every visitor comes from its own address (TRUST_PROXY and X-Forwarded-For), as visitors do;
 * the per-address limit stays at its default (WIDGET_ADDRESS_RATE_LIMIT 60 a minute) and the
 * per-widget one is raised (WIDGET_RATE_LIMIT) so the 1,200 calls of a minute fit. 5xx answers
 * are counted in every phase.
 * Options: BENCH_DOCS (10000), BENCH_VISITORS (200), BENCH_CONCURRENT (50), BENCH_QUESTIONS (5),
 * BENCH_FLOOD (200); BENCH_PROFILE=<dir> writes the server's CPU profile there. It measures and
 * prints; it is not a test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { processTreeCpuMs } from './bench-cpu';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { createSearchIndex } from '../server/services/search';
import { insertDocument } from '../server/test-support/document-rows';

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 200);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 50);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 5);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 200);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 3000);
// The server as deployed on this machine: one process per core (WEB_CONCURRENCY).
const WORKERS = Number(process.env.BENCH_WORKERS ?? availableParallelism());
const API_KEY = 'bench-api-key-123';
const ADMIN = { email: 'bench@atrium.local', password: 'Bench-Pass-123' };
const HOST_PAGE = 'https://shop.bench.test';

// bench:chat's documents and questions, generated the same way, so the figures compare.
let state = 20260611;
const rand = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
const words = (text: string) => text.split(' ');
const ANIMALS = words(
  'Falcon Heron Lynx Otter Badger Raven Marten Ibis Puma Condor Gecko Bison Cobra Dingo Egret Ferret Gazelle Hyena Jackal Koala',
);
const FIRST = words(
  'Anna Ben Clara David Elena Farid Grace Hugo Ines Jonas Karin Leon Maya Nils Olga Pavel Rosa Sami Tara Umar',
);
const LAST = words(
  'Berger Costa Dubois Eriksen Fischer Garcia Horvat Ivanova Jensen Kowalski Lindqvist Moreau Novak Okafor Petrov Quist Rossi Schmidt Tanaka Weber',
);
const CITIES = words(
  'Berlin Lisbon Oslo Vienna Porto Lyon Gdansk Tallinn Bilbao Ghent Malmo Turin Graz Aarhus Leipzig Brno Cork Split Bergen Basel',
);
const MONTHS = words(
  'January February March April May June July August September October November December',
);
const SUPPLIERS = words(
  'Northwind Contoso Fabrikam Tailspin Litware Proseware Adatum Lucerne Margie Wingtip',
);
const TEAMS = words('finance logistics research sales support legal facilities marketing');

/** One project document (as bench:chat writes it): two passages and the questions they answer. */
function projectDocument(i: number) {
  const code = `${ANIMALS[i % ANIMALS.length]}-${1000 + Math.floor(i / ANIMALS.length)}`;
  const lead = `${pick(FIRST)} ${pick(LAST)}`;
  const city = pick(CITIES);
  const started = `${pick(MONTHS)} ${2015 + Math.floor(rand() * 10)}`;
  const budget = `${1000 + Math.floor(rand() * 1500)},000`;
  const deadline = `${1 + Math.floor(rand() * 28)} ${pick(MONTHS)} ${2025 + Math.floor(rand() * 4)}`;
  const supplier = pick(SUPPLIERS);
  const team = pick(TEAMS);
  const blank = { sheet: null, row_start: null, row_end: null };
  return {
    code,
    questions: [
      `Who is the lead of project ${code}?`,
      `What is the budget of project ${code}?`,
      `When is the deadline for project ${code}?`,
      `In which city is project ${code} run?`,
      `Who supplies project ${code}?`,
      `When did project ${code} start?`,
    ],
    sections: [
      {
        ordinal: 0,
        text:
          `Project ${code} is run by the ${team} team in ${city}. ` +
          `The project lead is ${lead}. The project started in ${started}. ` +
          `Weekly status meetings take place on Mondays and minutes are shared with the steering group.`,
        position: { ...blank, page: 1, heading: 'Overview' },
      },
      {
        ordinal: 1,
        text:
          `The approved budget of project ${code} is ${budget} euros. ` +
          `The deadline for project ${code} is ${deadline}. ` +
          `The main supplier of the project is ${supplier}. Changes to budget or schedule need the steering group's approval.`,
        position: { ...blank, page: 2, heading: 'Budget and schedule' },
      },
    ],
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface Reply {
  status: number;
  body: unknown;
  elapsed: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-bench-widget-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    API_KEY,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    STATIC_DIR: join(dataDir, 'no-build'),
    LOG_LEVEL: 'silent',
  };
  const config = loadConfig(env);
  const database = createDatabase(config);
  await migrateToLatest(database);
  await seed(database, config);
  await sql`pragma synchronous = normal`.execute(database.db);
  console.log(`Writing ${DOCS} documents (${DOCS * 2} passages) on SQLite…`);
  const loadStarted = performance.now();
  const index = createSearchIndex(database);
  const questions: { query: string; documentId: number }[] = [];
  for (let i = 0; i < DOCS; i += 1) {
    const doc = projectDocument(i);
    const id = await insertDocument(database, {
      name: `project-${doc.code}.pdf`,
      type: 'pdf',
      size_bytes: 2048,
      sha256: `bench-widget-${i}`,
      department_id: 1,
      page_count: 2,
      chunk_count: 2,
    });
    await index.replaceChunks(id, doc.sections);
    for (const query of doc.questions) questions.push({ query, documentId: id });
  }
  await database.close();
  console.log(`  written in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_PROFILE;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: String(WORKERS),
      PUBLIC_URL: origin,
      TRUST_PROXY: 'true',
      WIDGET_RATE_LIMIT: '100000',
      AUTH_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stop);

  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENT + 10 });
  const call = (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(
        `${origin}/api${path}`,
        {
          method,
          agent,
          headers: {
            'x-api-key': API_KEY,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
        },
        (res) => {
          let raw = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (raw += c));
          res.on('end', () => {
            let parsed: unknown = raw;
            try {
              parsed = JSON.parse(raw);
            } catch {
              // not JSON
            }
            resolve({
              status: res.statusCode ?? 0,
              body: parsed,
              elapsed: performance.now() - started,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const health = await call('GET', '/health', {}).catch(() => null);
    if (health?.status === 200) break;
    if (Date.now() > deadline) throw new Error('the server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  const admin = await call('POST', '/users/login', {}, ADMIN);
  const adminToken = (admin.body as { access_token: string }).access_token;
  const created = await call(
    'POST',
    '/service-agent',
    { authorization: `Bearer ${adminToken}` },
    {
      client_name: 'Bench desk',
      target_areas: [1],
      allowed_hosts: ['shop.bench.test'],
      daily_message_quota: 1_000_000,
    },
  );
  if (created.status !== 201) throw new Error(`creating the widget answered ${created.status}`);
  const key = (created.body as { client_id: string }).client_id;

  const serverErrors = { count: 0 };
  const noteStatus = (reply: Reply) => {
    if (reply.status >= 500) serverErrors.count += 1;
    return reply;
  };
  const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;
  const login = (address: string) =>
    call('POST', '/users/login', {
      API_KEY: key,
      origin,
      'x-widget-host': HOST_PAGE,
      'x-forwarded-for': address,
    }).then(noteStatus);
  const askAs = (token: string, address: string, query: string) =>
    call(
      'POST',
      '/service-agent/me/chat',
      { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
      { query },
    ).then(noteStatus);

  /** Runs `work(i)` for i < count, `width` at a time. */
  async function pool(count: number, width: number, work: (i: number) => Promise<void>) {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(width, count) }, async () => {
        while (next < count) await work(next++);
      }),
    );
  }

  // Warm-up: a few logins and answers, then the measured run.
  for (let i = 0; i < 5; i += 1) {
    const warm = await login(addressOf(60_000 + i));
    const token = (warm.body as { access_token: string }).access_token;
    for (let q = 0; q < 5; q += 1) await askAs(token, addressOf(60_000 + i), pick(questions).query);
  }

  // 0. One visitor alone: what an answer costs without waiting for others.
  const single = await login(addressOf(65_000));
  const singleToken = (single.body as { access_token: string }).access_token;
  const aloneMs: number[] = [];
  for (let q = 0; q < 40; q += 1)
    aloneMs.push((await askAs(singleToken, addressOf(65_000), pick(questions).query)).elapsed);

  // For comparison: the same questions to the knowledge assistant as the administrator.
  const assistantMs: number[] = [];
  for (let q = 0; q < 40; q += 1)
    assistantMs.push(
      (
        await call(
          'POST',
          '/chat/stuff',
          { authorization: `Bearer ${adminToken}` },
          { query: pick(questions).query, multi_source: true },
        ).then(noteStatus)
      ).elapsed,
    );

  // 1. Logins by key.
  const visitors: { token: string; address: string }[] = [];
  const loginMs: number[] = [];
  const loginFailures: number[] = [];
  const loginsStarted = performance.now();
  await pool(VISITORS, CONCURRENT, async (i) => {
    const address = addressOf(i);
    const reply = await login(address);
    loginMs.push(reply.elapsed);
    if (reply.status !== 200) loginFailures.push(reply.status);
    else visitors[i] = { token: (reply.body as { access_token: string }).access_token, address };
  });
  const loginSeconds = (performance.now() - loginsStarted) / 1000;

  /** Each visitor asks QUESTIONS questions, `thinkMs` apart, CONCURRENT visitors at a time. */
  async function conversations(list: typeof visitors, thinkMs: number) {
    const latencies: number[] = [];
    const failures: number[] = [];
    let cited = 0;
    const started = performance.now();
    await pool(list.length, CONCURRENT, async (i) => {
      const visitor = list[i];
      for (let q = 0; q < QUESTIONS; q += 1) {
        // People do not type in step: the first question comes within one pause, the others
        // half to one and a half pauses after the answer before.
        const pause = thinkMs * (q === 0 ? rand() : 0.5 + rand());
        if (pause > 0) await new Promise((r) => setTimeout(r, pause));
        const question = pick(questions);
        const reply = await askAs(visitor.token, visitor.address, question.query);
        latencies.push(reply.elapsed);
        if (reply.status !== 200) {
          failures.push(reply.status);
          continue;
        }
        const refs = (reply.body as { references: { document_id: number }[] }).references;
        if (refs[0]?.document_id === question.documentId) cited += 1;
      }
    });
    return { latencies, failures, cited, seconds: (performance.now() - started) / 1000 };
  }

  // 2. Five questions each, 50 visitors at a time, each question as soon as the last answer is
  // in (the worst case: 50 questions always waiting); then 50 of them again, pausing THINK_MS
  // between questions as people do while they read and type.
  const asked = visitors.filter(Boolean);
  const cpuBefore = processTreeCpuMs(child.pid ?? 0);
  const ownCpuBefore = process.cpuUsage();
  const burst = await conversations(asked, 0);
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const cpuAfter = processTreeCpuMs(child.pid ?? 0);
  const paced = await conversations(asked.slice(0, CONCURRENT), THINK_MS);

  // 3. One visitor floods from one address; another keeps asking from its own.
  const flooder = await login(addressOf(70_000));
  const floodToken = (flooder.body as { access_token: string }).access_token;
  const bystander = await login(addressOf(70_001));
  const bystanderToken = (bystander.body as { access_token: string }).access_token;
  const floodStatuses: number[] = [];
  const bystanderStatuses: number[] = [];
  await Promise.all([
    pool(FLOOD, 10, async () => {
      floodStatuses.push(
        (await askAs(floodToken, addressOf(70_000), pick(questions).query)).status,
      );
    }),
    (async () => {
      for (let q = 0; q < QUESTIONS; q += 1)
        bystanderStatuses.push(
          (await askAs(bystanderToken, addressOf(70_001), pick(questions).query)).status,
        );
    })(),
  ]);
  const refused = floodStatuses.filter((s) => s === 429).length;
  const count = (list: number[]) =>
    Object.entries(
      list.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {}),
    )
      .map(([status, n]) => `${n}× ${status}`)
      .join(', ') || 'none';

  console.log(
    `\nbench:widget on SQLite, ${DOCS} documents, node ${process.version}, ${WORKERS} server process${WORKERS === 1 ? '' : 'es'} (WEB_CONCURRENCY), load average ${loadavg()[0].toFixed(1)} (${availableParallelism()} cores shared by the server and these visitors)`,
  );
  console.log(
    `\n0. One visitor alone, 40 questions: answer p50 ${ms(percentile(aloneMs, 50))}   p95 ${ms(percentile(aloneMs, 95))}`,
  );
  console.log(
    `   the knowledge assistant (POST /chat/stuff) for comparison: p50 ${ms(percentile(assistantMs, 50))}   p95 ${ms(percentile(assistantMs, 95))}`,
  );
  console.log(`\n1. ${VISITORS} visitors log in by key, ${CONCURRENT} at a time:`);
  console.log(
    `  ${(VISITORS / loginSeconds).toFixed(0)} logins/s   p50 ${ms(percentile(loginMs, 50))}   p95 ${ms(percentile(loginMs, 95))}   refused: ${count(loginFailures)}`,
  );
  const n = burst.latencies.length;
  console.log(
    `\n2. ${asked.length} visitors ask ${QUESTIONS} questions each, ${CONCURRENT} visitors at a time, back to back (${n} answers):`,
  );
  console.log(
    `  answer p50 ${ms(percentile(burst.latencies, 50))}   p95 ${ms(percentile(burst.latencies, 95))}   (target p95 < 300 ms)   ${(n / burst.seconds).toFixed(0)} answers/s`,
  );
  if (cpuBefore !== null && cpuAfter !== null)
    console.log(
      `  CPU per answer: server ${ms((cpuAfter - cpuBefore) / n)} (all its processes), these visitors ${ms((ownCpu.user + ownCpu.system) / 1000 / n)}; what the machine's load does not change`,
    );
  console.log(
    `  first reference is the document holding the fact: ${((burst.cited / n) * 100).toFixed(1)} %   refused: ${count(burst.failures)}`,
  );
  console.log(
    `  ${CONCURRENT} visitors pausing about ${THINK_MS / 1000} s between questions (${paced.latencies.length} answers): p50 ${ms(percentile(paced.latencies, 50))}   p95 ${ms(percentile(paced.latencies, 95))}   refused: ${count(paced.failures)}`,
  );
  console.log(`\n3. One visitor floods with ${FLOOD} questions (10 at a time, one address):`);
  console.log(
    `  429 share ${((refused / FLOOD) * 100).toFixed(1)} % (${refused} of ${FLOOD}; the address may make ${config.widgetAddressRateLimit} calls a minute, its login included)`,
  );
  console.log(`  meanwhile another visitor's ${QUESTIONS} questions: ${count(bystanderStatuses)}`);
  console.log(`\n5xx answers in all phases: ${serverErrors.count}`);

  agent.destroy();
  stop();
  await new Promise((r) => child.once('exit', r));
  if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

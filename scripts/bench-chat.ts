/**
 * `npm run bench:chat`: the knowledge assistant's quality and speed with the built-in engine.
 *
 * Generates 10,000 project documents (real `documents` rows, chunks through the search index's
 * replaceChunks, the call ingestion ends with) whose facts are known: each project has a lead,
 * a city, a start, a budget, a deadline and a supplier, in two passages on two pages. Names,
 * numbers and words repeat across documents on purpose (500 projects share each animal name,
 * numbers reappear as amounts and years), so only the right combination finds a fact. Then a
 * labelled question set is asked over HTTP (POST /api/chat/stuff, JSON) and it prints:
 *   - recall@1 / recall@5 of the cited references (target >= 0.8 / >= 0.95): the labelled
 *     document is the first cited / among the first five cited; also whether the answer text
 *     holds the fact, and the retrieval recall@5 from the eval matrix;
 *   - p50 / p95 latency of one answer end to end over HTTP (target p95 < 150 ms);
 *   - the same with 20 concurrent users.
 * Options: BENCH_DOCS (10000), BENCH_QUESTIONS (400), BENCH_CONCURRENT_REQUESTS (1000),
 * DATABASE_URL for PostgreSQL (a scratch schema is not created: use an empty database).
 * It measures and prints; it is not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { pino } from 'pino';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { createSearchIndex } from '../server/services/search';
import { insertDocument } from '../server/test-support/document-rows';

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 400);
const CONCURRENT_REQUESTS = Number(process.env.BENCH_CONCURRENT_REQUESTS ?? 1000);
const USERS = 20;
const API_KEY = 'bench-api-key-123';
const ADMIN = { email: 'bench@atrium.local', password: 'Bench-Pass-123' };

// A small deterministic generator, so every run asks the same questions of the same documents.
let state = 20260611;
const rand = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];

const ANIMALS =
  'Falcon Heron Lynx Otter Badger Raven Marten Ibis Puma Condor Gecko Bison Cobra Dingo Egret Ferret Gazelle Hyena Jackal Koala'.split(
    ' ',
  );
const FIRST =
  'Anna Ben Clara David Elena Farid Grace Hugo Ines Jonas Karin Leon Maya Nils Olga Pavel Rosa Sami Tara Umar'.split(
    ' ',
  );
const LAST =
  'Berger Costa Dubois Eriksen Fischer Garcia Horvat Ivanova Jensen Kowalski Lindqvist Moreau Novak Okafor Petrov Quist Rossi Schmidt Tanaka Weber'.split(
    ' ',
  );
const CITIES =
  'Berlin Lisbon Oslo Vienna Porto Lyon Gdansk Tallinn Bilbao Ghent Malmo Turin Graz Aarhus Leipzig Brno Cork Split Bergen Basel'.split(
    ' ',
  );
const MONTHS =
  'January February March April May June July August September October November December'.split(
    ' ',
  );
const SUPPLIERS =
  'Northwind Contoso Fabrikam Tailspin Litware Proseware Adatum Lucerne Margie Wingtip'.split(' ');
const TEAMS = 'finance logistics research sales support legal facilities marketing'.split(' ');

interface Project {
  code: string;
  lead: string;
  city: string;
  started: string;
  budget: string;
  deadline: string;
  supplier: string;
  team: string;
}

function project(i: number): Project {
  return {
    // Animal and number together are unique; each alone is shared by many projects.
    code: `${ANIMALS[i % ANIMALS.length]}-${1000 + Math.floor(i / ANIMALS.length)}`,
    lead: `${pick(FIRST)} ${pick(LAST)}`,
    city: pick(CITIES),
    started: `${pick(MONTHS)} ${2015 + Math.floor(rand() * 10)}`,
    budget: `${1000 + Math.floor(rand() * 1500)},000`,
    deadline: `${1 + Math.floor(rand() * 28)} ${pick(MONTHS)} ${2025 + Math.floor(rand() * 4)}`,
    supplier: pick(SUPPLIERS),
    team: pick(TEAMS),
  };
}

function sections(p: Project) {
  const blank = { sheet: null, row_start: null, row_end: null };
  return [
    {
      ordinal: 0,
      text:
        `Project ${p.code} is run by the ${p.team} team in ${p.city}. ` +
        `The project lead is ${p.lead}. The project started in ${p.started}. ` +
        `Weekly status meetings take place on Mondays and minutes are shared with the steering group.`,
      position: { ...blank, page: 1, heading: 'Overview' },
    },
    {
      ordinal: 1,
      text:
        `The approved budget of project ${p.code} is ${p.budget} euros. ` +
        `The deadline for project ${p.code} is ${p.deadline}. ` +
        `The main supplier of the project is ${p.supplier}. Changes to budget or schedule need the steering group's approval.`,
      position: { ...blank, page: 2, heading: 'Budget and schedule' },
    },
  ];
}

/** A labelled question: who asks what, which document answers, and the fact it must quote. */
function questionsFor(p: Project, documentId: number) {
  return [
    { query: `Who is the lead of project ${p.code}?`, fact: p.lead },
    { query: `What is the budget of project ${p.code}?`, fact: p.budget },
    { query: `When is the deadline for project ${p.code}?`, fact: p.deadline },
    { query: `In which city is project ${p.code} run?`, fact: p.city },
    { query: `Who supplies project ${p.code}?`, fact: p.supplier },
    { query: `When did project ${p.code} start?`, fact: p.started },
    // Paraphrases: the document says neither "charge" nor "money".
    { query: `Who is in charge of project ${p.code}?`, fact: p.lead },
    { query: `How much money does project ${p.code} have?`, fact: p.budget },
  ].map((q) => ({ ...q, documentId }));
}

interface ChatReply {
  answer: string;
  references: { document_id: number }[];
  eval: {
    retrieval: { n: number; chunk_id: number }[];
    timings: { retrieval_ms: number; total_ms: number };
  } | null;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  // BENCH_DATA_DIR keeps the generated database for the next run (tuning); default: a temp dir.
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ?? mkdtempSync(join(tmpdir(), 'atrium-bench-chat-'));
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
  // Loading only: one fsync per checkpoint instead of per document (WAL stays crash-safe).
  if (database.dialect === 'sqlite') await sql`pragma synchronous = normal`.execute(database.db);

  console.log(`Generating ${DOCS} documents (${DOCS * 2} passages) on ${database.dialect}…`);
  const loadStarted = performance.now();
  const index = createSearchIndex(database);
  const { id: departmentId } = await database.db
    .selectFrom('departments')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const labelled: ReturnType<typeof questionsFor> = [];
  const existing = await database.db
    .selectFrom('documents')
    .select(['id', 'name'])
    .orderBy('id')
    .execute();
  for (let i = 0; i < DOCS; i += 1) {
    const p = project(i);
    if (existing.length >= DOCS) {
      labelled.push(...questionsFor(p, existing[i].id));
      continue;
    }
    const id = await insertDocument(database, {
      name: `project-${p.code}.pdf`,
      type: 'pdf',
      size_bytes: 2048,
      sha256: `bench-${i}`,
      department_id: departmentId,
      page_count: 2,
      chunk_count: 2,
    });
    await index.replaceChunks(id, sections(p));
    labelled.push(...questionsFor(p, id));
  }
  console.log(`  loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

  const app = await buildApp(config, { database, logger: pino({ level: 'silent' }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const login = await fetch(`${base}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify(ADMIN),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };

  // node:http with keep-alive: a lighter client than fetch, since it shares this process.
  const agent = new Agent({ keepAlive: true, maxSockets: USERS });
  const ask = (query: string) =>
    new Promise<{ body: ChatReply; elapsed: number }>((resolve, reject) => {
      const started = performance.now();
      const req = request(
        `${base}/chat/stuff`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'x-api-key': API_KEY,
            authorization: `Bearer ${token}`,
          },
        },
        (res) => {
          let raw = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (raw += c));
          res.on('end', () => {
            if (res.statusCode !== 200)
              return reject(new Error(`chat answered ${res.statusCode}: ${raw}`));
            resolve({ body: JSON.parse(raw) as ChatReply, elapsed: performance.now() - started });
          });
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ query, department_id: departmentId, eval_matrix: true }));
    });

  // The question set: spread over the whole collection.
  const set = Array.from(
    { length: QUESTIONS },
    () => labelled[Math.floor(rand() * labelled.length)],
  );
  const chunkDocs = new Map<number, number>();
  for (const row of await database.db.selectFrom('chunks').select(['id', 'document_id']).execute())
    chunkDocs.set(row.id, row.document_id);

  for (const q of set.slice(0, 20)) await ask(q.query); // warm-up
  let at1 = 0;
  let at5 = 0;
  let factFound = 0;
  let retrievedAt5 = 0;
  const cpuBefore = process.cpuUsage();
  const sequential: number[] = [];
  const retrievalMs: number[] = [];
  const serverMs: number[] = [];
  for (const q of set) {
    const { body, elapsed } = await ask(q.query);
    sequential.push(elapsed);
    retrievalMs.push(body.eval?.timings.retrieval_ms ?? 0);
    serverMs.push(body.eval?.timings.total_ms ?? 0);
    const docs = body.references.map((r) => r.document_id);
    if (docs[0] === q.documentId) at1 += 1;
    if (docs.slice(0, 5).includes(q.documentId)) at5 += 1;
    if (body.answer.includes(q.fact)) factFound += 1;
    else if (process.env.BENCH_VERBOSE)
      console.log(`  missed "${q.fact}": ${q.query} -> ${body.answer}`);
    const retrieved = (body.eval?.retrieval ?? [])
      .slice(0, 5)
      .map((r) => chunkDocs.get(r.chunk_id));
    if (retrieved.includes(q.documentId)) retrievedAt5 += 1;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerAnswer = (cpu.user + cpu.system) / 1000 / set.length;
  sequential.sort((a, b) => a - b);
  retrievalMs.sort((a, b) => a - b);
  serverMs.sort((a, b) => a - b);

  const concurrent: number[] = [];
  let next = 0;
  const wallStarted = performance.now();
  await Promise.all(
    Array.from({ length: USERS }, async () => {
      while (next < CONCURRENT_REQUESTS) {
        const q = set[next % set.length];
        next += 1;
        concurrent.push((await ask(q.query)).elapsed);
      }
    }),
  );
  const wall = (performance.now() - wallStarted) / 1000;
  concurrent.sort((a, b) => a - b);

  const n = set.length;
  console.log(
    `\nbench:chat on ${database.dialect}, node ${process.version}, load average ${loadavg()[0].toFixed(1)} (2 cores shared: wall times grow with it)`,
  );
  console.log(`\nQuality over ${n} labelled questions (${DOCS} documents):`);
  console.log(`  recall@1 of cited references   ${(at1 / n).toFixed(3)}   (target >= 0.8)`);
  console.log(`  recall@5 of cited references   ${(at5 / n).toFixed(3)}   (target >= 0.95)`);
  console.log(`  answer quotes the fact         ${(factFound / n).toFixed(3)}`);
  console.log(`  retrieval recall@5 (eval)      ${(retrievedAt5 / n).toFixed(3)}`);
  console.log(`\nBuilt-in answer end to end over HTTP, one user (${n} requests):`);
  console.log(
    `  p50 ${ms(percentile(sequential, 50))}   p95 ${ms(percentile(sequential, 95))}   (target p95 < 150 ms)`,
  );
  console.log(
    `  of which retrieval p50 ${ms(percentile(retrievalMs, 50))}, answer service p50 ${ms(percentile(serverMs, 50))}`,
  );
  console.log(`  CPU per answer (server and client in this process) ${ms(cpuPerAnswer)}`);
  console.log(`\n${USERS} concurrent users (${CONCURRENT_REQUESTS} requests):`);
  console.log(
    `  p50 ${ms(percentile(concurrent, 50))}   p95 ${ms(percentile(concurrent, 95))}   ${(CONCURRENT_REQUESTS / wall).toFixed(0)} answers/s`,
  );

  agent.destroy();
  await app.close();
  await database.close();
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

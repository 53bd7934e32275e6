/**
 * `npm run bench:quality`: the knowledge assistant on real documents nobody on the team wrote.
 *
 * Builds (or reuses from the cache) a corpus of Debian-shipped documents in two halves:
 *   - tuning (scripts/quality/corpus.ts, questions.ts, tables.ts, languages.ts, mails.ts): what
 *     the engine's rules may be written against;
 *   - held-out (scripts/quality/held-out/): documents and questions no rule was written against,
 *     printed only as figures, never as misses, so that a change is kept when it helps them or
 *     at least does not hurt them.
 * Both halves hold PDF, DOCX, XLSX (real date and number cells) and CSV files, HTML manuals
 * served on loopback through sitemaps, documents in every console language (English, Spanish,
 * French, German, Arabic) and customers' mails. For SQLite and then PostgreSQL it starts the
 * real API server, uploads everything over HTTP as an administrator would (POST /upload/docs,
 * POST /upload/urls), waits for ingestion, asks the labelled questions over HTTP
 * (POST /chat/stuff) in default settings, and drafts a reply to each mail the way the e-mail
 * agent does (its own mail-to-question step, then the same answer request). It prints, per
 * database, for each half and each language: the labelled document first cited (recall@1) and
 * among the first five, the fact in the answer, answerable questions declined, unanswerable ones
 * declined; the drafts holding each question's fact; one user's p50/p95; the targets met or
 * MISSED; and after both databases, how many questions got a different first cited document.
 * Options: BENCH_CACHE (default .bench-cache/quality: the corpus, reused), BENCH_DIALECTS
 * (sqlite,postgres), BENCH_PARTS (tuning,held-out,languages,tables,email: which questions to
 * ask; every document is uploaded either way), BENCH_DATABASE_URL (a PostgreSQL server to use
 * instead of a throw-away cluster; the bench works in a database of its own there,
 * atrium_bench_quality), BENCH_ADVANCED=1 (ask with advanced search on), BENCH_VERBOSE=1 (print
 * the tuning half's misses), BENCH_KEEP=1 (keep the SQLite data directory under the cache, and
 * the PostgreSQL database on BENCH_DATABASE_URL's server, and reuse them when loaded).
 * It measures and prints; it is not a test: it exits 0 unless something crashed. Whoever adds
 * questions checks them with scripts/quality/check-facts.ts (every fact is in its source).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { ChatReference } from '../contract/chat';
import { pino } from 'pino';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { buildCorpus, type Corpus } from './quality/corpus';
import {
  answerMail,
  DRAFTER_REQUEST,
  draftOf,
  mailQuestions,
  type MailAnswer,
} from './quality/mail-questions';
import { benchName, loadCorpus } from './quality/load';
import {
  printAgreement,
  printRun,
  printTargets,
  printTuningMisses,
  type Run,
} from './quality/report';
import { MAILS, SETS } from './quality/sets';
import { factsOf, PARTS, type Part } from './quality/types';
import { startThrowawayPostgres } from './test-env.mjs';

const API_KEY = 'bench-api-key-123';
const ADMIN = { email: 'bench@atrium.local', password: 'Bench-Pass-123' };
const CACHE = resolve(process.env.BENCH_CACHE ?? '.bench-cache/quality');
const ADVANCED = process.env.BENCH_ADVANCED === '1';
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const KEEP = process.env.BENCH_KEEP === '1';
const PG_DATABASE = 'atrium_bench_quality';
const chosen = (process.env.BENCH_PARTS ?? PARTS.join(',')).split(',').map((p) => p.trim());
for (const p of chosen)
  if (!(PARTS as readonly string[]).includes(p))
    throw new Error(`BENCH_PARTS: unknown part ${p} (parts: ${PARTS.join(', ')})`);
const parts = new Set(chosen as Part[]);

interface ChatReply {
  answer: string;
  no_answer: boolean;
  references: ChatReference[];
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

async function runOn(dialect: 'sqlite' | 'postgres', corpus: Corpus, databaseUrl?: string) {
  const keepSqlite = KEEP && dialect === 'sqlite';
  const dataDir = keepSqlite
    ? join(CACHE, 'sqlite-data')
    : mkdtempSync(join(tmpdir(), 'atrium-quality-'));
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    API_KEY,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    STATIC_DIR: join(dataDir, 'no-build'),
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
    URL_FETCH_ALLOW: '127.0.0.1',
    SITEMAP_MAX_PAGES: '5000',
  });
  const database = createDatabase(config);
  await migrateToLatest(database);
  await seed(database, config);
  const app = await buildApp(config, { database, logger: pino({ level: 'silent' }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const login = await fetch(`${base}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify(ADMIN),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  console.log(`\n${dialect}:`);
  const departmentId = await loadCorpus(database, { base, token, apiKey: API_KEY }, corpus);

  const docs = await database.db
    .selectFrom('documents')
    .select(['id', 'name', 'url', 'type', 'status', 'error', 'page_count', 'chunk_count'])
    .execute();
  const nameOf = new Map(docs.map((d) => [d.id, benchName(d)]));
  const names = new Set(nameOf.values());

  const ask = async (query: string, settings: object) => {
    const started = performance.now();
    const res = await fetch(`${base}/chat/stuff`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': API_KEY,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ query, ...settings }),
    });
    if (!res.ok) throw new Error(`chat answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as ChatReply;
    const cited = [...new Set(body.references.map((r) => nameOf.get(r.document_id) ?? '?'))];
    return { body, cited, elapsed: performance.now() - started };
  };
  const chat = { department_id: departmentId, advanced_search: ADVANCED };

  const sets = SETS.filter((s) => parts.has(s.part));
  for (const q of sets.flatMap((s) => s.answerable).slice(0, 10)) await ask(q.query, chat); // warm-up
  const run: Run = { dialect: database.dialect, answered: [], drafted: [], latencies: [] };
  for (const set of sets) {
    for (const q of set.answerable) {
      if (!names.has(q.source)) throw new Error(`question source ${q.source} is not in the corpus`);
      const { body, cited, elapsed } = await ask(q.query, chat);
      run.latencies.push(elapsed);
      const facts = factsOf(q);
      const hasFact = facts.some((fact) => flat(body.answer).includes(fact));
      run.answered.push({
        half: set.half,
        language: q.language ?? 'en',
        query: q.query,
        source: q.source,
        facts,
        cited,
        hasFact,
        answer: body.answer,
      });
    }
    for (const q of set.unanswerable) {
      const { body, cited, elapsed } = await ask(q.query, chat);
      run.latencies.push(elapsed);
      run.answered.push({
        half: set.half,
        language: q.language ?? 'en',
        query: q.query,
        facts: [],
        cited,
        hasFact: false,
        answer: body.answer,
      });
    }
  }
  if (parts.has('email'))
    for (const { half, mails } of MAILS)
      for (const mail of mails) {
        const { questions, language } = mailQuestions(mail);
        const answers: MailAnswer[] = await answerMail(
          questions,
          async (query) => (await ask(query, DRAFTER_REQUEST)).body,
        );
        const draft = draftOf(mail, language, answers);
        run.drafted.push({
          half,
          subject: mail.subject,
          asked: questions.map((q) => q.question),
          held: mail.asks.map((a) => ({
            source: a.source,
            facts: factsOf(a),
            found: factsOf(a).some((fact) => flat(draft.answering).includes(fact)),
          })),
          draft: draft.body,
        });
      }
  run.latencies.sort((a, b) => a - b);

  const failed = docs.filter((d) => d.status === 'failed');
  const pages = docs
    .filter((d) => d.type !== 'sitemap')
    .reduce((n, d) => n + (d.page_count ?? 0), 0);
  console.log(
    `\nbench:quality on ${database.dialect}${ADVANCED ? ' (advanced search)' : ' (default settings)'}, parts ${[...parts].join(',')}, node ${process.version}, load average ${loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `  corpus: ${docs.length} documents (${corpus.files.length} files, ${docs.filter((d) => d.type === 'sitemap').length} sitemaps, ${docs.filter((d) => d.url && d.type !== 'sitemap').length} pages of sites), ${pages} pages, ${docs.reduce((s, d) => s + (d.chunk_count ?? 0), 0)} passages, ${failed.length} failed`,
  );
  for (const d of failed) console.log(`    failed: ${d.url ?? d.name}: ${d.error}`);
  printRun(run);
  if (VERBOSE) printTuningMisses(run);
  printTargets(run);

  await app.close();
  await database.close();
  if (!keepSqlite) rmSync(dataDir, { recursive: true, force: true });
  return run;
}

/** A database of the bench's own on a given PostgreSQL server, fresh unless BENCH_KEEP. */
async function benchDatabase(server: string) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [PG_DATABASE]);
    if (exists.rowCount && !KEEP) await admin.query(`drop database ${PG_DATABASE} with (force)`);
    if (!exists.rowCount || !KEEP) await admin.query(`create database ${PG_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${PG_DATABASE}`;
  return url.toString();
}

async function dropBenchDatabase(server: string) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${PG_DATABASE} with (force)`);
  await admin.end();
}

async function main() {
  const started = performance.now();
  const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
  console.log(`Building the corpus in ${CACHE}…`);
  const corpus = await buildCorpus(CACHE);
  const runs: Run[] = [];
  if (dialects.includes('sqlite')) runs.push(await runOn('sqlite', corpus));
  if (dialects.includes('postgres')) {
    const given = process.env.BENCH_DATABASE_URL;
    const cluster = given ? null : await startThrowawayPostgres();
    try {
      const url = given ? await benchDatabase(given) : cluster?.url;
      runs.push(await runOn('postgres', corpus, url));
      if (given && !KEEP) await dropBenchDatabase(given);
    } finally {
      cluster?.stop();
    }
  }
  if (runs.length === 2) printAgreement(runs[0], runs[1], VERBOSE);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\nbench:quality took ${seconds < 120 ? `${seconds.toFixed(0)} s` : `${(seconds / 60).toFixed(1)} min`}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

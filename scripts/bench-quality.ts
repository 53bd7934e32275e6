/**
 * `npm run bench:quality`: the knowledge assistant on real documents nobody on the team wrote.
 *
 * Builds (or reuses from the cache) a corpus of Debian-shipped documents (scripts/quality/
 * corpus.ts): seven PDF manuals, two licence texts as DOCX, Debian's and Ubuntu's release tables
 * as CSV, tzdata's country and zone tables as XLSX, and the PostgreSQL 15 manual as HTML served
 * on loopback through a sitemap. For SQLite and then PostgreSQL it starts the real API server,
 * uploads everything over HTTP as an administrator would (POST /upload/docs, POST /upload/urls),
 * waits for ingestion, and asks the labelled questions of scripts/quality/questions.ts over HTTP
 * (POST /chat/stuff) in default settings. It prints, per database:
 *   - recall@1 / recall@5: the labelled document is the first cited / among the first five cited
 *     (targets >= 95 % at 1);
 *   - fact in the answer: the answer quotes the labelled sentence's fact (target >= 90 %);
 *   - declines: unanswerable questions answered with "could not find" (target 10 of 10);
 *   - p50 / p95 of one user's answers end to end (target p95 < 50 ms).
 * Options: BENCH_CACHE (default .bench-cache/quality: the corpus, reused), BENCH_DATABASE_URL
 * (a PostgreSQL server to use instead of a throw-away cluster), BENCH_DIALECTS (sqlite,postgres),
 * BENCH_ADVANCED=1 (ask with advanced search on), BENCH_VERBOSE=1 (print every miss),
 * BENCH_KEEP=1 (keep the SQLite data directory under the cache and reuse it when it is loaded).
 * It measures and prints; it is not a test.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDatabase, type Database } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { buildCorpus, type Corpus, type CorpusFile } from './quality/corpus';
import { serveManual } from './quality/manual-site';
import { QUESTIONS, UNANSWERABLE, type Question } from './quality/questions';
import { startThrowawayPostgres } from './test-env.mjs';

const API_KEY = 'bench-api-key-123';
const ADMIN = { email: 'bench@atrium.local', password: 'Bench-Pass-123' };
const CACHE = resolve(process.env.BENCH_CACHE ?? '.bench-cache/quality');
const ADVANCED = process.env.BENCH_ADVANCED === '1';
const VERBOSE = process.env.BENCH_VERBOSE === '1';

interface ChatReply {
  answer: string;
  references: { document_id: number }[];
  eval: { timings: { retrieval_ms: number; total_ms: number } } | null;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`.padStart(7);
const flat = (text: string) => text.replace(/\s+/g, ' ');
const factsOf = (q: Question) => (typeof q.fact === 'string' ? [q.fact] : q.fact);

/** Every upload finished: no document queued or processing, and the sitemap's pages listed. */
async function ingested(database: Database, expected: number) {
  const started = performance.now();
  for (;;) {
    const rows = await database.db.selectFrom('documents').select(['status']).execute();
    const pending = rows.filter((r) => r.status !== 'ready' && r.status !== 'failed').length;
    if (rows.length >= expected && pending === 0) break;
    if (performance.now() - started > 30 * 60_000) throw new Error('ingestion did not finish');
    await new Promise((r) => setTimeout(r, 500));
  }
  return (performance.now() - started) / 1000;
}

async function upload(base: string, token: string, files: CorpusFile[], departmentId: number) {
  const headers = { 'x-api-key': API_KEY, authorization: `Bearer ${token}` };
  for (const f of files) {
    const form = new FormData();
    form.set('department_id', String(departmentId));
    form.append('files', new Blob([readFileSync(f.file)]), f.name);
    const res = await fetch(`${base}/upload/docs`, { method: 'POST', headers, body: form });
    const body = (await res.json()) as { items?: { status_code: number; message: string }[] };
    const item = body.items?.[0];
    if (!res.ok || !item || item.status_code >= 300)
      throw new Error(`upload of ${f.name}: ${res.status} ${JSON.stringify(body)}`);
  }
}

async function runOn(dialect: 'sqlite' | 'postgres', corpus: Corpus, databaseUrl?: string) {
  const keep = process.env.BENCH_KEEP === '1' && dialect === 'sqlite';
  const dataDir = keep
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
  const { id: departmentId } = await database.db
    .selectFrom('departments')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();

  const site = await serveManual(corpus.htmlRoot);
  const expected = corpus.files.length + 1 + site.pages;
  const present = await database.db.selectFrom('documents').select(['name', 'type']).execute();
  const missing = corpus.files.filter((f) => !present.some((d) => d.name === f.name));
  const needsSite = !present.some((d) => d.type === 'sitemap');
  if (missing.length > 0 || needsSite) {
    console.log(
      `\n${dialect}: uploading ${missing.length} files${needsSite ? ` and a ${site.pages}-page sitemap` : ''}…`,
    );
    await upload(base, token, missing, departmentId);
    if (needsSite) {
      const res = await fetch(`${base}/upload/urls`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': API_KEY,
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ urls: [site.sitemap], department: departmentId }),
      });
      if (!res.ok) throw new Error(`sitemap upload: ${res.status} ${await res.text()}`);
    }
    const seconds = await ingested(database, expected);
    console.log(`  ingested in ${seconds.toFixed(0)} s`);
  }
  await site.close();

  const docs = await database.db
    .selectFrom('documents')
    .select(['id', 'name', 'url', 'type', 'status', 'error', 'page_count', 'chunk_count'])
    .execute();
  const failed = docs.filter((d) => d.status === 'failed');
  const pages = docs
    .filter((d) => d.type !== 'sitemap')
    .reduce((n, d) => n + (d.page_count ?? 0), 0);
  const byName = new Map(
    docs.map((d) => [d.url ? basename(new URL(d.url).pathname) : d.name, d.id]),
  );
  const nameOf = new Map([...byName].map(([name, id]) => [id, name]));

  const retrievalMs: number[] = [];
  const serverMs: number[] = [];
  const ask = async (query: string) => {
    const started = performance.now();
    const res = await fetch(`${base}/chat/stuff`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': API_KEY,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        query,
        department_id: departmentId,
        advanced_search: ADVANCED,
        eval_matrix: true,
      }),
    });
    if (!res.ok) throw new Error(`chat answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as ChatReply;
    retrievalMs.push(body.eval?.timings.retrieval_ms ?? 0);
    serverMs.push(body.eval?.timings.total_ms ?? 0);
    return { body, elapsed: performance.now() - started };
  };
  for (const q of QUESTIONS.slice(0, 10)) await ask(q.query); // warm-up
  retrievalMs.length = 0;
  serverMs.length = 0;

  const latencies: number[] = [];
  const score = { at1: 0, at5: 0, fact: 0, declinedAnswerable: 0, declined: 0 };
  const miss = (q: Question, why: string, answer: string, cited: number[]) => {
    if (VERBOSE)
      console.log(
        `  ✗ ${why}: ${q.query}\n      expected ${q.source}: "${factsOf(q).join('" or "')}"\n      cited ${cited.map((id) => nameOf.get(id)).join(', ') || 'nothing'}\n      answer: ${flat(answer).slice(0, 400)}`,
      );
  };
  for (const q of QUESTIONS) {
    const id = byName.get(q.source);
    if (id === undefined) throw new Error(`question source ${q.source} is not in the corpus`);
    const { body, elapsed } = await ask(q.query);
    latencies.push(elapsed);
    const cited = [...new Set(body.references.map((r) => r.document_id))];
    const hasFact = factsOf(q).some((fact) => flat(body.answer).includes(fact));
    if (cited[0] === id) score.at1 += 1;
    if (cited.slice(0, 5).includes(id)) score.at5 += 1;
    if (hasFact) score.fact += 1;
    if (cited.length === 0) score.declinedAnswerable += 1;
    if (cited[0] !== id || !hasFact)
      miss(q, cited[0] !== id ? 'source' : 'fact', body.answer, cited);
  }
  for (const query of UNANSWERABLE) {
    const { body, elapsed } = await ask(query);
    latencies.push(elapsed);
    if (body.references.length === 0) score.declined += 1;
    else
      miss(
        { query, source: '(none)', fact: '(decline)' },
        'answered',
        body.answer,
        body.references.map((r) => r.document_id),
      );
  }
  for (const list of [latencies, retrievalMs, serverMs]) list.sort((a, b) => a - b);

  const n = QUESTIONS.length;
  console.log(
    `\nbench:quality on ${database.dialect}${ADVANCED ? ' (advanced search)' : ' (default settings)'}, node ${process.version}, load average ${loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `  corpus: ${docs.length} documents (${corpus.files.length} files, ${docs.length - corpus.files.length - 1} sitemap pages), ${pages} pages, ${docs.reduce((s, d) => s + (d.chunk_count ?? 0), 0)} passages, ${failed.length} failed`,
  );
  for (const d of failed) console.log(`    failed: ${d.url ?? d.name}: ${d.error}`);
  console.log(
    `  recall@1 (first cited is the source)   ${score.at1}/${n} ${pct(score.at1, n)}   (target >= 95 %)`,
  );
  console.log(`  recall@5 (source among first five)     ${score.at5}/${n} ${pct(score.at5, n)}`);
  console.log(
    `  fact in the answer                     ${score.fact}/${n} ${pct(score.fact, n)}   (target >= 90 %)`,
  );
  console.log(`  answerable questions declined          ${score.declinedAnswerable}/${n}`);
  console.log(
    `  unanswerable questions declined        ${score.declined}/${UNANSWERABLE.length}   (target all)`,
  );
  console.log(
    `  one user, end to end over HTTP: p50 ${percentile(latencies, 50).toFixed(1)} ms   p95 ${percentile(latencies, 95).toFixed(1)} ms   (target p95 < 50 ms)`,
  );
  console.log(
    `    of which answering p50 ${percentile(serverMs, 50).toFixed(1)} ms, retrieval p50 ${percentile(retrievalMs, 50).toFixed(1)} ms p95 ${percentile(retrievalMs, 95).toFixed(1)} ms`,
  );

  await app.close();
  await database.close();
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}

async function main() {
  const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
  console.log(`Building the corpus in ${CACHE}…`);
  const corpus = await buildCorpus(CACHE);
  if (dialects.includes('sqlite')) await runOn('sqlite', corpus);
  if (dialects.includes('postgres')) {
    const given = process.env.BENCH_DATABASE_URL;
    const pg = given ? null : await startThrowawayPostgres();
    try {
      await runOn('postgres', corpus, given ?? pg?.url);
    } finally {
      pg?.stop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

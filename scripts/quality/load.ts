/**
 * Loading bench:quality's corpus into a running server the way an administrator does: files
 * through POST /upload/docs, each manual site through POST /upload/urls with its sitemap; then
 * waiting for the ingestion jobs. A database that already holds a document is not sent it again.
 */
import { readFileSync } from 'node:fs';
import type { Database } from '../../server/db/database';
import type { Corpus } from './corpus';
import type { CorpusFile } from './debian';
import { serveManuals, sitemapPath } from './manual-site';

/** Where the API is and who calls it. */
export interface Api {
  base: string;
  token: string;
  apiKey: string;
}

/** Every upload finished: no document queued or processing, and the sitemaps' pages listed. */
async function ingested(database: Database, expected: number) {
  const started = performance.now();
  for (;;) {
    const rows = await database.db.selectFrom('documents').select(['status']).execute();
    const pending = rows.filter((r) => r.status !== 'ready' && r.status !== 'failed').length;
    if (rows.length >= expected && pending === 0) break;
    if (performance.now() - started > 60 * 60_000) throw new Error('ingestion did not finish');
    await new Promise((r) => setTimeout(r, 1000));
  }
  return (performance.now() - started) / 1000;
}

async function upload(api: Api, files: CorpusFile[], departmentId: number) {
  const headers = { 'x-api-key': api.apiKey, authorization: `Bearer ${api.token}` };
  for (const f of files) {
    const form = new FormData();
    form.set('department_id', String(departmentId));
    form.append('files', new Blob([readFileSync(f.file)]), f.name);
    const res = await fetch(`${api.base}/upload/docs`, { method: 'POST', headers, body: form });
    const body = (await res.json()) as { items?: { status_code: number; message: string }[] };
    const item = body.items?.[0];
    if (!res.ok || !item || item.status_code >= 300)
      throw new Error(`upload of ${f.name}: ${res.status} ${JSON.stringify(body)}`);
  }
}

/** A document's name in the bench: the uploaded file's name, or a page's path on its site. */
export const benchName = (d: { name: string; url: string | null }) =>
  d.url ? new URL(d.url).pathname.slice(1) : d.name;

/**
 * Uploads what the database does not hold yet (files, and sitemaps by their path) and waits
 * until every document is ingested; returns the department everything went to.
 */
export async function loadCorpus(database: Database, api: Api, corpus: Corpus) {
  const { id: departmentId } = await database.db
    .selectFrom('departments')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const served = await serveManuals(corpus.sites);
  const present = await database.db
    .selectFrom('documents')
    .select(['name', 'url', 'type'])
    .execute();
  const missing = corpus.files.filter((f) => !present.some((d) => !d.url && d.name === f.name));
  const loadedMaps = new Set(
    present.filter((d) => d.type === 'sitemap' && d.url).map((d) => new URL(d.url ?? '').pathname),
  );
  const sitemaps = served.sites.filter((s) => !loadedMaps.has(sitemapPath(s.prefix)));
  if (missing.length > 0 || sitemaps.length > 0) {
    const pages = sitemaps.reduce((n, s) => n + s.pages, 0);
    console.log(
      `  uploading ${missing.length} files and ${sitemaps.length} sitemaps of ${pages} pages…`,
    );
    await upload(api, missing, departmentId);
    for (const site of sitemaps) {
      const res = await fetch(`${api.base}/upload/urls`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': api.apiKey,
          authorization: `Bearer ${api.token}`,
        },
        body: JSON.stringify({ urls: [site.sitemap], department: departmentId }),
      });
      if (!res.ok) throw new Error(`sitemap upload: ${res.status} ${await res.text()}`);
    }
    const expected =
      corpus.files.length + served.sites.length + served.sites.reduce((n, s) => n + s.pages, 0);
    const seconds = await ingested(database, expected);
    console.log(`  ingested in ${seconds.toFixed(0)} s`);
  }
  await served.close();
  return departmentId;
}

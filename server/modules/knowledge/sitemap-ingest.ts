/**
 * Sitemaps in the ingestion job: the pages a sitemap lists (one level of sitemap index, robots
 * rules kept, up to the cap) become documents with jobs of their own, and such a page is
 * fetched by its own job.
 */
import { readFile } from 'node:fs/promises';
import { MAX_FILE_COUNT } from '../../../contract/constants';
import { nowIso } from '../../db/database';
import type { DocumentRow } from '../../db/schema';
import { checkRobots, FetchError, fetchText } from '../../services/fetch';
import { parseSitemap } from '../../services/fetch/sitemap';
import { failureText } from '../../services/ingest/failure';
import { enqueueJob } from '../../services/jobs';
import { IngestFailure, type IngestDeps } from './ingest-deps';
import { fetchToStorage } from './web-fetch';

/** Nested sitemaps a sitemap index may name that are read (each may hold thousands of pages). */
const MAX_NESTED_SITEMAPS = MAX_FILE_COUNT * 4;

/** Pages listed by a sitemap (following a sitemap index one level), up to the cap. */
async function sitemapPages(
  deps: IngestDeps,
  doc: DocumentRow,
): Promise<{ pages: string[]; skipped: number }> {
  const { storage } = deps;
  if (!doc.storage_path)
    throw new IngestFailure('The sitemap was never fetched.', failureText('sitemap_missing'));
  const listing = parseSitemap(
    await storage.withLocalFile(doc.storage_path, (path) => readFile(path, 'utf8')),
  );
  if (!listing)
    throw new IngestFailure(
      'This is not a sitemap: no <urlset> or <sitemapindex> was found.',
      failureText('not_sitemap'),
    );
  const cap = deps.sitemapMaxPages;
  if (listing.kind === 'urlset') return { pages: listing.locations.slice(0, cap), skipped: 0 };
  const pages: string[] = [];
  let skipped = 0;
  for (const nested of listing.locations.slice(0, MAX_NESTED_SITEMAPS)) {
    if (pages.length >= cap) break;
    try {
      await checkRobots(nested, deps.fetchPolicy);
      const inner = parseSitemap((await fetchText(nested, deps.fetchPolicy)).text);
      if (inner?.kind === 'urlset') pages.push(...inner.locations.slice(0, cap - pages.length));
      else skipped += 1;
    } catch {
      skipped += 1;
    }
  }
  return { pages: [...new Set(pages)], skipped };
}

/**
 * The summary a sitemap gets: its pages counted, in English for API clients and as a code the
 * console says with the plural forms of its language.
 */
function sitemapSummary(count: number, unreadable: number) {
  const english = `Sitemap with ${count} page${count === 1 ? '' : 's'}`;
  return unreadable
    ? {
        summary: `${english} (${unreadable} nested sitemaps unreadable).`,
        summary_code: 'sitemap_pages_unreadable',
        summary_params: JSON.stringify({ count: String(count), unreadable: String(unreadable) }),
      }
    : {
        summary: `${english}.`,
        summary_code: 'sitemap_pages',
        summary_params: JSON.stringify({ count: String(count) }),
      };
}

/** A sitemap's pages become documents of their own, each with its job; known ones re-sync. */
export async function ingestSitemap(deps: IngestDeps, doc: DocumentRow): Promise<void> {
  const { repo } = deps;
  const { pages, skipped } = await sitemapPages(deps, doc);
  if (pages.length === 0)
    throw skipped > 0
      ? new IngestFailure(
          `None of the ${skipped} sitemaps listed could be read.`,
          failureText('sitemaps_unreadable', { sitemaps: skipped }),
        )
      : new IngestFailure('The sitemap lists no pages.', failureText('sitemap_empty'));
  const existing = new Map((await repo.children(doc.id)).map((c) => [c.url, c]));
  await repo.db.transaction().execute(async (trx) => {
    for (const url of pages) {
      const child = existing.get(url);
      if (child) {
        // Re-sync of the sitemap: its known pages are fetched again.
        if (!(await repo.hasActiveJob(child.id, trx))) {
          await repo.update(child.id, { status: 'queued', error: null }, trx);
          await enqueueJob(trx, child.id);
        }
        continue;
      }
      await repo.insertWithJob(trx, {
        name: url,
        is_url: 1,
        url,
        type: 'html',
        size_bytes: 0,
        sha256: null,
        storage_path: null,
        department_id: doc.department_id,
        uploaded_by: doc.uploaded_by,
        advanced_training: doc.advanced_training,
        need_summary: doc.need_summary,
        parent_id: doc.id,
      });
    }
    await repo.update(
      doc.id,
      {
        status: 'ready',
        error: null,
        page_count: pages.length,
        chunk_count: 0,
        ...(doc.need_summary ? sitemapSummary(pages.length, skipped) : { summary: null }),
      },
      trx,
    );
  });
  deps.wake();
}

/** A sitemap's page is fetched by its own job (the sitemap request only listed it). */
export async function fetchChildPage(deps: IngestDeps, doc: DocumentRow): Promise<DocumentRow> {
  const { repo, storage } = deps;
  const fetched = await fetchToStorage(doc.url ?? doc.name, deps.fetchPolicy, storage).catch(
    (error: unknown) => {
      throw error instanceof FetchError
        ? new IngestFailure(
            error.message,
            failureText('page_fetch', { web: error.code, ...error.params }),
          )
        : error;
    },
  );
  const storagePath = await storage.commit(fetched.tempPath, 'html');
  const old = doc.storage_path;
  const changes = {
    storage_path: storagePath,
    size_bytes: fetched.size,
    sha256: null,
    last_fetched_at: nowIso(),
  };
  await repo.update(doc.id, changes).catch(async (error: unknown) => {
    await storage.remove(storagePath);
    throw error;
  });
  await storage.remove(old);
  return { ...doc, ...changes };
}

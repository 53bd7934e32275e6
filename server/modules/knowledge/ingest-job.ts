/**
 * The ingestion job of one document: (fetch a sitemap's page) -> extract -> chunk -> index ->
 * summary -> ready. A sitemap's job adds its pages as documents with their own jobs. Any
 * failure marks the document failed with a reason a person can read; the server keeps serving.
 */
import { readFile } from 'node:fs/promises';
import { MAX_FILE_COUNT } from '../../../contract/constants';
import { nowIso } from '../../db/database';
import type { DocumentRow, JobRow } from '../../db/schema';
import { checkRobots, FetchError, type FetchPolicy, fetchText } from '../../services/fetch';
import { parseSitemap } from '../../services/fetch/sitemap';
import type { JobContext } from '../../services/jobs';
import { enqueueJob } from '../../services/jobs';
import type { Storage } from '../../services/storage';
import { summarize, type SummaryModel } from '../../services/summary';
import { type IngestEngine, kindOf } from './ingest-engine';
import type { DocumentsRepo } from './repo';
import { fetchToStorage } from './web-fetch';

/** Nested sitemaps a sitemap index may name that are read (each may hold thousands of pages). */
const MAX_NESTED_SITEMAPS = MAX_FILE_COUNT * 4;

export interface IngestDeps {
  repo: DocumentsRepo;
  storage: Storage;
  engine: () => Promise<IngestEngine>;
  fetchPolicy: FetchPolicy;
  sitemapMaxPages: number;
  /** Who writes summaries; null: the extractive summary. */
  summary: SummaryModel | null;
  /** Tells this process's idle workers that new jobs exist. */
  wake: () => void;
}

export class IngestFailure extends Error {}

export function createIngestProcessor(deps: IngestDeps) {
  const { repo, storage } = deps;

  /** Pages listed by a sitemap (following a sitemap index one level), up to the cap. */
  async function sitemapPages(doc: DocumentRow): Promise<{ pages: string[]; skipped: number }> {
    if (!doc.storage_path) throw new IngestFailure('The sitemap was never fetched.');
    const listing = parseSitemap(await readFile(storage.pathOf(doc.storage_path), 'utf8'));
    if (!listing)
      throw new IngestFailure('This is not a sitemap: no <urlset> or <sitemapindex> was found.');
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

  async function ingestSitemap(doc: DocumentRow): Promise<void> {
    const { pages, skipped } = await sitemapPages(doc);
    if (pages.length === 0)
      throw new IngestFailure(
        skipped > 0
          ? `None of the ${skipped} sitemaps listed could be read.`
          : 'The sitemap lists no pages.',
      );
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
          summary: doc.need_summary
            ? `Sitemap with ${pages.length} page${pages.length === 1 ? '' : 's'}${skipped ? ` (${skipped} nested sitemaps unreadable)` : ''}.`
            : null,
        },
        trx,
      );
    });
    deps.wake();
  }

  /** A sitemap's page is fetched by its own job (the sitemap request only listed it). */
  async function fetchChildPage(doc: DocumentRow): Promise<DocumentRow> {
    const fetched = await fetchToStorage(doc.url ?? doc.name, deps.fetchPolicy, storage).catch(
      (error: unknown) => {
        throw error instanceof FetchError ? new IngestFailure(error.message) : error;
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
    await repo.update(doc.id, changes);
    await storage.remove(old);
    return { ...doc, ...changes };
  }

  return {
    async run(job: JobRow, context: JobContext): Promise<void> {
      let doc = await repo.find(job.document_id);
      if (!doc) return; // deleted while queued
      await repo.update(doc.id, { status: 'processing', error: null });
      if (doc.type === 'sitemap') return ingestSitemap(doc);
      if (doc.is_url && doc.parent_id !== null) doc = await fetchChildPage(doc);
      if (!doc.storage_path) throw new IngestFailure('The file of this document is missing.');
      const kind = kindOf(doc.type);
      if (!kind) throw new IngestFailure(`Documents of type ${doc.type} cannot be read.`);
      const engine = await deps.engine();
      let result;
      try {
        result = await engine.extract(storage.pathOf(doc.storage_path), kind, {
          advancedTraining: Boolean(doc.advanced_training),
          signal: context.signal,
        });
      } catch (error) {
        if (context.signal.aborted) throw error;
        throw new IngestFailure(
          `The ${doc.type.toUpperCase()} file could not be read: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (!result.ok) throw new IngestFailure(result.reason);
      const chunks = engine.chunk(result.doc);
      if (chunks.length === 0) throw new IngestFailure('No text was found in the file.');
      await engine.index.replaceChunks(doc.id, chunks);
      const summary = doc.need_summary
        ? (
            await summarize(
              result.doc.sections.map((s) => s.text).join('\n'),
              deps.summary,
              context.signal,
            )
          ).summary
        : null;
      const finished = await repo.db.transaction().execute(async (trx) => {
        // Only the current claim may finish: a stale claim taken over by another worker must not.
        const owned = await trx
          .selectFrom('ingestion_jobs')
          .select('id')
          .where('id', '=', job.id)
          .where('claimed_by', '=', context.workerId)
          .where('state', '=', 'running')
          .executeTakeFirst();
        const still = await repo.find(doc.id, trx);
        if (!owned || !still) return still !== undefined;
        await repo.replaceTables(trx, doc.id, result.doc.tables);
        await repo.update(
          doc.id,
          {
            status: 'ready',
            error: null,
            page_count: result.doc.pageCount,
            chunk_count: chunks.length,
            summary,
          },
          trx,
        );
        return true;
      });
      // Deleted while it was being read: take its chunks back out of the index.
      if (!finished) await engine.index.removeDocument(doc.id);
    },

    async fail(job: JobRow, reason: string): Promise<void> {
      await repo.update(job.document_id, { status: 'failed', error: reason.slice(0, 1000) });
    },

    async requeued(documentIds: number[]): Promise<void> {
      for (const id of documentIds) await repo.update(id, { status: 'queued' });
    },
  };
}

export type IngestProcessor = ReturnType<typeof createIngestProcessor>;

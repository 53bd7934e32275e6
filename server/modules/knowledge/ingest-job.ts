/**
 * The ingestion job of one document: (fetch a sitemap's page) -> extract -> chunk -> index ->
 * summary -> ready. A sitemap's job adds its pages as documents with their own jobs. Any
 * failure marks the document failed with a reason a person can read; the server keeps serving.
 */
import type { JobRow } from '../../db/schema';
import type { FetchPolicy } from '../../services/fetch';
import type { JobContext } from '../../services/jobs';

import type { Storage } from '../../services/storage';

import { summarize, type SummaryModel } from '../../services/summary';

import { type IngestEngine, kindOf } from './ingest-engine';

import type { DocumentsRepo } from './repo';

import { fetchChildPage, ingestSitemap } from './sitemap-ingest';

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

  return {
    async run(job: JobRow, context: JobContext): Promise<void> {
      let doc = await repo.find(job.document_id);
      if (!doc) return; // deleted while queued
      await repo.update(doc.id, { status: 'processing', error: null });
      if (doc.type === 'sitemap') return ingestSitemap(deps, doc);
      if (doc.is_url && doc.parent_id !== null) doc = await fetchChildPage(deps, doc);
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
            title: result.doc.title?.trim().slice(0, 300) || null,
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

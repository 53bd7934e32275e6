/**
 * The ingestion job of one document: (fetch a sitemap's page) -> extract -> (read scanned pages
 * with OCR, in turns: scan-turns.ts) -> chunk -> index -> summary -> ready. A sitemap's job adds
 * its pages as documents with their own jobs. Any failure marks the document failed with a
 * reason a person can read; the server keeps serving.
 */
import type { DocumentFailureText } from '../../../contract/knowledge-texts';
import type { DocumentRow, JobRow } from '../../db/schema';
import type { ExtractedDocument } from '../../services/ingest/types';
import type { JobContext } from '../../services/jobs';
import { failureText } from '../../services/ingest/failure';
import { summarize } from '../../services/summary';
import { IngestFailure, type IngestDeps } from './ingest-deps';
import { kindOf } from './ingest-engine';
import { createScanTurns, type DocumentFile, ownsClaim } from './scan-turns';
import { createScannedPagesRepo } from './scanned-pages-repo';
import { fetchChildPage, ingestSitemap } from './sitemap-ingest';

/**
 * A failure that came without a code: the job runner's own (a file that stopped the server
 * again and again), or an error nobody foresaw, whose words are shown as they are.
 */
function recognisedFailure(reason: string): DocumentFailureText {
  const interrupted = /^Ingestion was interrupted (\d+) times/.exec(reason);
  if (interrupted) return failureText('interrupted', { times: interrupted[1] });
  return failureText('unexpected', { detail: reason.slice(0, 300) });
}

export function createIngestProcessor(deps: IngestDeps) {
  const { repo, storage } = deps;
  const scans = createScannedPagesRepo(repo.db);
  /**
   * The code of the failure a job of this process ended with, by job id: the job runner hands
   * `fail` the English message only, right after `run` threw in the same process.
   */
  const failures = new Map<number, DocumentFailureText>();
  const turns = createScanTurns({ repo, scans, ocrTurnMs: deps.ocrTurnMs, wake: deps.wake });

  /**
   * Runs `fn` with the document's file at a local path for the extraction child process (with
   * STORAGE_URL a copy of the object, deleted when `fn` settles).
   */
  async function withFile<T>(doc: DocumentRow, fn: (file: DocumentFile) => Promise<T>) {
    const key = doc.storage_path;
    if (!key)
      throw new IngestFailure('The file of this document is missing.', failureText('file_missing'));
    const kind = kindOf(doc.type);
    if (!kind)
      throw new IngestFailure(
        `Documents of type ${doc.type} cannot be read.`,
        failureText('type_unreadable', { type: doc.type }),
      );
    const engine = await deps.engine();
    return storage.withLocalFile(key, (path) => fn({ path, kind, engine }));
  }

  /** The file's text, its scanned pages (and images) listed for OCR rather than read. */
  async function extract(doc: DocumentRow, file: DocumentFile, context: JobContext) {
    let result;
    try {
      result = await file.engine.extract(file.path, file.kind, {
        advancedTraining: Boolean(doc.advanced_training),
        ocr: 'later',
        signal: context.signal,
      });
    } catch (error) {
      if (context.signal.aborted) throw error;
      const detail = error instanceof Error ? error.message : String(error);
      throw new IngestFailure(
        `The ${doc.type.toUpperCase()} file could not be read: ${detail}`,
        failureText('unreadable', { type: doc.type, detail: detail.slice(0, 300) }),
      );
    }
    if (!result.ok) throw new IngestFailure(result.reason, result.text);
    return { doc: result.doc, scannedPages: result.scannedPages ?? [] };
  }

  /** Chunks, index, summary, then ready — unless the claim or the document went meanwhile. */
  async function finish(
    doc: DocumentRow,
    file: DocumentFile,
    extracted: ExtractedDocument,
    job: JobRow,
    context: JobContext,
  ): Promise<void> {
    const { engine } = file;
    const chunks = engine.chunk(extracted);
    if (chunks.length === 0)
      throw new IngestFailure('No text was found in the file.', failureText('nothing_found'));
    await engine.index.replaceChunks(doc.id, chunks);
    const summary = doc.need_summary
      ? (
          await summarize(
            extracted.sections.map((s) => s.text).join('\n'),
            deps.summary,
            context.signal,
          )
        ).summary
      : null;
    const finished = await repo.db.transaction().execute(async (trx) => {
      // Only the current claim may finish: a stale claim taken over by another worker must not.
      const owned = await ownsClaim(trx, job, context);
      const still = await repo.find(doc.id, trx);
      if (!owned || !still) return still !== undefined;
      await repo.replaceTables(trx, doc.id, extracted.tables);
      await scans.clear(doc.id, trx);
      await repo.update(
        doc.id,
        {
          status: 'ready',
          error: null,
          page_count: extracted.pageCount,
          chunk_count: chunks.length,
          summary,
          title: extracted.title?.trim().slice(0, 300) || null,
        },
        trx,
      );
      return true;
    });
    // Deleted while it was being read: take its chunks back out of the index.
    if (!finished) await engine.index.removeDocument(doc.id);
  }

  /**
   * A turn of reading scanned pages; the last one finishes the document with the text layer
   * (`read` already on the first turn, else read again: a few seconds at most for 2,000 pages).
   */
  async function readScans(
    doc: DocumentRow,
    job: JobRow,
    context: JobContext,
    read?: { file: DocumentFile; doc: ExtractedDocument },
  ): Promise<void> {
    const turn = async (file: DocumentFile) => {
      const textLayer = async () => read?.doc ?? (await extract(doc, file, context)).doc;
      const whole = await turns.read(doc, file, job, context, textLayer);
      if (whole) await finish(doc, file, whole, job, context);
    };
    // The first turn goes on with the copy the text layer was read from.
    return read ? turn(read.file) : withFile(doc, turn);
  }

  async function runJob(job: JobRow, context: JobContext): Promise<void> {
    let doc = await repo.find(job.document_id);
    if (!doc) return; // deleted while queued
    await repo.update(doc.id, { status: 'processing', error: null });
    // A scan's later turn: its pages still to read are in the database.
    if (doc.phase === 'ocr') return readScans(doc, job, context);
    if (doc.type === 'sitemap') return ingestSitemap(deps, doc);
    if (doc.is_url && doc.parent_id !== null) doc = await fetchChildPage(deps, doc);
    const current = doc;
    return withFile(current, async (file) => {
      const extracted = await extract(current, file, context);
      if (extracted.scannedPages.length === 0)
        return finish(current, file, extracted.doc, job, context);
      await scans.start(current.id, extracted.scannedPages);
      return readScans(current, job, context, { file, doc: extracted.doc });
    });
  }

  return {
    async run(job: JobRow, context: JobContext): Promise<void> {
      failures.delete(job.id);
      try {
        await runJob(job, context);
      } catch (error) {
        if (error instanceof IngestFailure && error.text) failures.set(job.id, error.text);
        throw error;
      }
    },

    async fail(job: JobRow, reason: string): Promise<void> {
      const text = failures.get(job.id) ?? recognisedFailure(reason);
      failures.delete(job.id);
      await repo.update(job.document_id, {
        status: 'failed',
        error: reason.slice(0, 1000),
        error_code: text.code,
        error_params: JSON.stringify(text.params),
      });
      await scans.clear(job.document_id);
    },

    async requeued(documentIds: number[]): Promise<void> {
      for (const id of documentIds) await repo.update(id, { status: 'queued' });
    },
  };
}

/**
 * The OCR phase of an ingestion job. Scanned pdf pages and images are read with OCR page by page
 * (one to several seconds each), in turns of the queue: a job reads pages for `ocrTurnMs`, then
 * queues the document's next turn behind the uploads that arrived meanwhile, so a 300-page scan
 * holds one worker for a turn at a time, never for half an hour. The pages read are kept in the
 * database, so a turn cut short by a restart or a killed process resumes where it stopped, and
 * the repository shows "page N of M" all along.
 */
import type { Transaction } from 'kysely';
import type { DB, DocumentRow, JobRow } from '../../db/schema';
import { RENDERER_MISSING } from '../../services/ingest/ocr';
import type { ExtractableKind, ExtractedDocument } from '../../services/ingest/types';
import { enqueueJob, type JobContext } from '../../services/jobs';
import { IngestFailure } from './ingest-deps';
import type { IngestEngine } from './ingest-engine';
import type { DocumentsRepo } from './repo';
import type { ScannedPagesRepo } from './scanned-pages-repo';

interface ScanTurnDeps {
  repo: DocumentsRepo;
  scans: ScannedPagesRepo;
  /** How long one turn reads; at least one page is read per turn. */
  ocrTurnMs: number;
  wake: () => void;
}

/** Where a document's stored file is and how to read it. */
export interface DocumentFile {
  path: string;
  kind: ExtractableKind;
  engine: IngestEngine;
}

/** Whether `job` is still this worker's claim (a stale claim taken over must not act). */
export async function ownsClaim(
  trx: Transaction<DB>,
  job: JobRow,
  context: JobContext,
): Promise<boolean> {
  const owned = await trx
    .selectFrom('ingestion_jobs')
    .select('id')
    .where('id', '=', job.id)
    .where('claimed_by', '=', context.workerId)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return owned !== undefined;
}

export function createScanTurns(deps: ScanTurnDeps) {
  const { repo, scans } = deps;

  /** The document's next turn, behind every job queued now. */
  async function later(doc: DocumentRow, job: JobRow, context: JobContext): Promise<void> {
    const queued = await repo.db.transaction().execute(async (trx) => {
      if (!(await ownsClaim(trx, job, context))) return false;
      await enqueueJob(trx, doc.id);
      return true;
    });
    if (queued) deps.wake();
  }

  return {
    /**
     * One turn: reads pages until the turn is over. Answers the document with every page's text
     * in place once all are read, or null when a later turn goes on.
     */
    async read(
      doc: DocumentRow,
      file: DocumentFile,
      job: JobRow,
      context: JobContext,
      textLayer: () => Promise<ExtractedDocument>,
    ): Promise<ExtractedDocument | null> {
      const started = Date.now();
      let readNow = 0;
      let missingRenderer = false;
      for (let next = await scans.next(doc.id); next; next = await scans.next(doc.id)) {
        if (readNow > 0 && Date.now() - started >= deps.ocrTurnMs) {
          await later(doc, job, context);
          return null;
        }
        const read = await file.engine.readScannedPage(file.path, file.kind, next, context.signal);
        if (!read.ok && read.reason === RENDERER_MISSING) {
          missingRenderer = true;
          break;
        }
        if (!read.ok) throw new IngestFailure(read.reason, read.text);
        await scans.save(doc.id, next.page, read.text);
        readNow += 1;
      }
      const whole = file.engine.withScannedText(
        await textLayer(),
        file.kind,
        await scans.read(doc.id),
      );
      // Without a page renderer the pages that do have text are still worth keeping.
      if (missingRenderer && whole.sections.length === 0) throw new Error(RENDERER_MISSING);
      return whole;
    },
  };
}

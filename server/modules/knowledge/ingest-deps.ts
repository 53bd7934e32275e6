/**
 * What an ingestion job works with, and the failure it ends with: a reason a person can read,
 * written on the document. Shared by the job (ingest-job.ts) and its sitemap part
 * (sitemap-ingest.ts), which each need both.
 */
import type { DocumentFailureText } from '../../../contract/knowledge-texts';
import type { FetchPolicy } from '../../services/fetch';
import type { Storage } from '../../services/storage';
import type { SummaryModel } from '../../services/summary';
import type { IngestEngine } from './ingest-engine';
import type { DocumentsRepo } from './repo';

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
  /** How long one job reads a scan with OCR before the scan's next turn waits in the queue. */
  ocrTurnMs: number;
}

/**
 * A document that cannot be read (not a fault of the server): the message is the English reason
 * kept for API clients, `text` the same as a code the console translates.
 */
export class IngestFailure extends Error {
  constructor(
    message: string,
    readonly text?: DocumentFailureText,
  ) {
    super(message);
  }
}

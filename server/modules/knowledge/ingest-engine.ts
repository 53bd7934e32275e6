/**
 * What the ingestion job needs from extraction, chunking and the search index, as one seam
 * (services/ingest and services/search implement it), so the pipeline can be tested apart.
 */
import type { DocumentFailureText } from '../../../contract/knowledge-texts';
import type {
  Chunk,
  ExtractableKind,
  ExtractedDocument,
  ExtractionResult,
  ExtractOptions,
  ExtractSettings,
  ScannedPage,
} from '../../services/ingest/types';
import type { SearchIndex } from '../../services/search/types';

export interface IngestEngine {
  extract(
    filePath: string,
    kind: ExtractableKind,
    options: ExtractOptions,
  ): Promise<ExtractionResult>;
  /** The OCR text of one page that `extract` with `ocr: 'later'` listed (or of an image). */
  readScannedPage(
    filePath: string,
    kind: ExtractableKind,
    page: ScannedPage,
    signal?: AbortSignal,
  ): Promise<
    { ok: true; text: string } | { ok: false; reason: string; text?: DocumentFailureText }
  >;
  /** The document with its scanned pages' text in their places. */
  withScannedText(
    doc: ExtractedDocument,
    kind: ExtractableKind,
    read: readonly { page: number; text: string }[],
  ): ExtractedDocument;
  chunk(doc: ExtractedDocument): Chunk[];
  index: SearchIndex;
  /** Ends parser workers (server shutdown). */
  close(): Promise<void>;
}

/** Loaded on first use: the parsers' modules stay out of the server's start. */
export async function createIngestEngine(
  index: SearchIndex,
  settings: Partial<ExtractSettings> = {},
): Promise<IngestEngine> {
  const ingest = await import('../../services/ingest/index');
  return {
    extract: (filePath, kind, options) =>
      ingest.extractDocument(filePath, kind, {
        ...options,
        settings: { ...settings, ...options.settings },
      }),
    readScannedPage: (filePath, kind, page, signal) =>
      ingest.readScannedPage(filePath, kind, page, { signal, settings }),
    withScannedText: (doc, kind, read) => ingest.withScannedText(doc, kind, read),
    chunk: (doc) => ingest.chunkDocument(doc),
    index,
    close: async () => {
      await ingest.closeParserWorkers();
    },
  };
}

/** The extractor's kind for a document type ('jpeg' is read as 'jpg'). */
export function kindOf(type: string): ExtractableKind | undefined {
  const kinds: Record<string, ExtractableKind> = {
    pdf: 'pdf',
    docx: 'docx',
    doc: 'doc',
    xlsx: 'xlsx',
    xls: 'xls',
    csv: 'csv',
    jpg: 'jpg',
    jpeg: 'jpg',
    png: 'png',
    gif: 'gif',
    bmp: 'bmp',
    html: 'html',
  };
  return kinds[type];
}

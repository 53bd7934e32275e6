/**
 * The seam between the upload pipeline (jobs, documents module) and text extraction/chunking.
 * Extraction never throws for bad content: it returns `{ ok: false, reason }` with a readable
 * reason (truncated pdf, zip bomb, too many rows, OCR engine missing), so a job can mark the
 * document failed and the server keeps serving.
 */
import type { SourcePosition } from '../../../contract/knowledge';
import type { DocumentFailureText } from '../../../contract/knowledge-texts';

/** A piece of a document's text with where it came from (a page, a sheet's row range, a heading). */
export interface ExtractedSection {
  text: string;
  position: SourcePosition;
  /**
   * Its line breaks end lines of the source (a web page's or document's blocks, list items,
   * table rows), so chunks keep them; a pdf's lines are wrapped at the page width and are not.
   */
  hardLines?: boolean;
}

/** A position naming only what `p` gives: the other fields are null. */
export function sourcePosition(p: Partial<SourcePosition> = {}): SourcePosition {
  return { page: null, sheet: null, row_start: null, row_end: null, heading: null, ...p };
}

/** A sheet of a spreadsheet or csv, kept whole for the chat's visual answers. */
export interface ExtractedTable {
  /** Sheet name ('csv' for csv files). */
  name: string;
  columns: string[];
  rows: (string | number | null)[][];
}

export interface ExtractedDocument {
  sections: ExtractedSection[];
  tables: ExtractedTable[];
  /** Pages (pdf), sheets (xlsx/xls/csv) or 1 (doc, docx, image, html). */
  pageCount: number;
  /** Title found inside the content (html <title>, pdf metadata), if any. */
  title: string | null;
}

/** A pdf page without a text layer to read with OCR, rendered at `dpi`; an image is page 1. */
export interface ScannedPage {
  page: number;
  dpi: number;
}

export type ExtractionResult =
  | {
      ok: true;
      doc: ExtractedDocument;
      /** With `ocr: 'later'`: the pages (or the image) still to read with OCR, in order. */
      scannedPages?: ScannedPage[];
    }
  /** `reason` in English; `text` the same as a code the console translates, where known. */
  | { ok: false; reason: string; text?: DocumentFailureText };

export interface ExtractOptions {
  /**
   * SPEC upload toggle advanced_training: scanned pages are read closer (300 dpi instead of 200),
   * for small print. Scanned pages and images are read with OCR either way.
   */
  advancedTraining: boolean;
  /**
   * 'now' (the default): scanned pages and images are read with OCR before the call answers.
   * 'later': they are listed in `scannedPages` for the caller to read one at a time
   * (readScannedPage), so a long scan can be read in turns beside other work.
   */
  ocr?: 'now' | 'later';
  /** Cancels long work (server shutdown). */
  signal?: AbortSignal;
  /** Caps and tools; anything left out takes DEFAULT_EXTRACT_SETTINGS (ingest/settings.ts). */
  settings?: Partial<ExtractSettings>;
}

/** Guards against hostile or giant files, each exceeded cap a readable failure. */
export interface ExtractSettings {
  /** Total bytes a docx/xlsx package may expand to (declared and actually inflated). */
  maxDecompressedBytes: number;
  /** Highest inflate ratio of an entry over 1 MB; deflate tops out near 1032:1. */
  maxCompressionRatio: number;
  maxZipEntries: number;
  /**
   * Bytes one part that a parser holds in memory whole may inflate to: any XML part of a docx,
   * the shared strings and styles of an xlsx (worksheets are streamed and capped by rows).
   */
  maxPartBytes: number;
  /**
   * Bytes of one XML text or tag in a workbook part (a cell's text; Excel keeps at most 32,767
   * characters): the XML parser builds each whole, so a giant one is refused while inflating.
   */
  maxXmlTokenBytes: number;
  /**
   * Characters of text one document may yield (sections of all pages, sheets and rows): a few
   * KB of zip can otherwise repeat one long shared string in every cell.
   */
  maxTextChars: number;
  /**
   * Resident memory of one extraction process in MB, read from /proc every 20 ms; above it that
   * process is killed and its file fails (a real cap: the heap limit misses buffers outside it).
   */
  maxRssMb: number;
  /** Pages of a pdf. */
  maxPages: number;
  /** Rows of all sheets of a workbook or csv together. */
  maxRows: number;
  /** Scanned pdf pages read with OCR per document. */
  maxOcrPages: number;
  /** Width x height of an image (decompression bombs hide in tiny files). */
  maxImagePixels: number;
  /** Whole extraction, OCR included. */
  timeoutMs: number;
  /** One OCR run (an image or a pdf page). */
  ocrTimeoutMs: number;
  /** Heap of the extraction process (`--max-old-space-size`). */
  memoryMb: number;
  /**
   * Which OCR to use: Debian's tesseract and pdftoppm ('system'), tesseract.js and pdf.js from
   * npm ('wasm'), or the system tools where installed and the npm ones otherwise ('auto').
   */
  ocrEngine: 'auto' | 'system' | 'wasm';
  /**
   * tesseract -l value, e.g. 'eng' or 'eng+deu'; 'auto': every console language whose data is
   * installed (ocr-languages.ts).
   */
  ocrLanguages: string;
  tesseractCommand: string;
  pdftoppmCommand: string;
}

/** What the extractor knows how to read; images go through OCR. */
export type ExtractableKind =
  'pdf' | 'docx' | 'doc' | 'xlsx' | 'xls' | 'csv' | 'jpg' | 'png' | 'gif' | 'bmp' | 'html';

export interface Chunk {
  /** 0-based order inside the document. */
  ordinal: number;
  text: string;
  position: SourcePosition;
}

import type { DocumentFailureText } from '../../../contract/knowledge-texts';
import type { ExtractableKind, ExtractedDocument, ExtractSettings } from './types';

/** Read a file with the parsers. */
export interface ExtractTask {
  task: 'extract';
  filePath: string;
  kind: ExtractableKind;
  settings: ExtractSettings;
}

/**
 * The npm OCR engine's work, done in the extraction process so that its memory is under the same
 * cap and pdf.js's rendering never blocks the server: read an image file or PNG bytes with
 * tesseract.js, or render a pdf page with pdf.js and (`read`) read it or hand back the PNG.
 */
export interface OcrTask {
  task: 'ocr';
  source:
    | { image: string }
    | { png: Uint8Array }
    | { pdf: string; page: number; dpi: number; read: boolean };
  languages: string;
  timeoutMs: number;
}

export type WorkerTask = ExtractTask | OcrTask;
export type WorkerRequest = WorkerTask & { id: number };

export type WorkerReply =
  | {
      id: number;
      ok: true;
      doc: ExtractedDocument;
      pagesWithoutText: number[];
      pageSizes: PageSizes;
    }
  | { id: number; ok: true; text: string }
  | { id: number; ok: true; png: Uint8Array }
  | { id: number; ok: false; reason: string; text?: DocumentFailureText };

/** Width and height in points (1/72 in) of the pdf pages without a text layer, by page number. */
export type PageSizes = Record<number, [number, number]>;

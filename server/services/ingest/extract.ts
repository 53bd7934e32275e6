/**
 * extractDocument: the one entry the ingestion job calls. Parsers run in a worker thread
 * (worker-pool); OCR runs as child processes from here. Nothing thrown by a parser, a tool or a
 * hostile file escapes: every failure is `{ ok: false, reason }` in words a person can act on.
 */
import { stat } from 'node:fs/promises';
import { describeParserError, ExtractionFailure } from './failure';
import { readImageSize } from './image-info';
import { OCR_PAGE_PIXELS, ocrDpi, ocrImage, ocrPdfPage, RENDERER_MISSING } from './ocr';
import { formatDuration, resolveSettings } from './settings';
import type {
  ExtractableKind,
  ExtractedDocument,
  ExtractedSection,
  ExtractionResult,
  ExtractOptions,
  ExtractSettings,
} from './types';
import { runInWorker } from './worker-pool';
import type { PageSizes } from './worker-protocol';

const IMAGE_KINDS = new Set<ExtractableKind>(['jpg', 'png', 'gif', 'bmp']);

const NOTHING_FOUND = 'No text was found in the file.';
const SCANNED_PDF =
  'The PDF has no text layer (scanned pages); upload it with advanced training to read it with OCR.';

/** Races the work against the deadline; at the deadline, `stop` also ends workers and tools. */
function withDeadline<T>(work: Promise<T>, ms: number, stop: AbortController): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new ExtractionFailure(`Extraction took longer than ${formatDuration(ms)} and was stopped.`),
      );
      stop.abort();
    }, ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

async function extractImage(
  filePath: string,
  kind: ExtractableKind,
  settings: ExtractSettings,
  signal?: AbortSignal,
) {
  const size = await readImageSize(filePath);
  if (size && size.width * size.height > settings.maxImagePixels)
    throw new ExtractionFailure(
      `The image is ${size.width} x ${size.height} pixels; at most ${Math.round(settings.maxImagePixels / 1e6)} million pixels are read.`,
    );
  if (size && (size.width === 0 || size.height === 0))
    throw new ExtractionFailure(`The ${kind.toUpperCase()} image is damaged (it has no pixels).`);
  const text = await ocrImage(filePath, settings, signal);
  const doc: ExtractedDocument = {
    sections: text
      ? [
          {
            text,
            position: { page: null, sheet: null, row_start: null, row_end: null, heading: null },
          },
        ]
      : [],
    tables: [],
    pageCount: 1,
    title: null,
  };
  return doc;
}

/** OCR of pdf pages without a text layer; the OCR text takes the page's place. */
async function ocrScannedPages(
  filePath: string,
  doc: ExtractedDocument,
  pages: number[],
  pageSizes: PageSizes,
  settings: ExtractSettings,
  signal?: AbortSignal,
): Promise<ExtractedDocument> {
  if (pages.length > settings.maxOcrPages)
    throw new ExtractionFailure(
      `The PDF has ${pages.length} scanned pages; at most ${settings.maxOcrPages} pages are read with OCR per document.`,
    );
  const byPage = new Map<number, ExtractedSection>(
    doc.sections.map((s) => [s.position.page ?? 0, s]),
  );
  for (const page of pages) {
    const dpi = ocrDpi(pageSizes[page], Math.min(OCR_PAGE_PIXELS, settings.maxImagePixels));
    const text = await ocrPdfPage(filePath, page, settings, signal, dpi);
    if (text)
      byPage.set(page, {
        text,
        position: { page, sheet: null, row_start: null, row_end: null, heading: null },
      });
  }
  const sections = [...byPage.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
  return { ...doc, sections };
}

async function extract(
  filePath: string,
  kind: ExtractableKind,
  options: ExtractOptions,
  settings: ExtractSettings,
) {
  const info = await stat(filePath).catch(() => null);
  if (!info?.isFile()) throw new ExtractionFailure('The stored file is missing.');
  if (info.size === 0) throw new ExtractionFailure('The file is empty.');

  if (IMAGE_KINDS.has(kind)) return extractImage(filePath, kind, settings, options.signal);

  const answer = await runInWorker(
    { task: 'extract', filePath, kind, settings },
    {
      timeoutMs: settings.timeoutMs,
      memoryMb: settings.memoryMb,
      maxRssMb: settings.maxRssMb,
      signal: options.signal,
    },
  );
  if (!answer.ok) throw new ExtractionFailure(answer.reason);
  if (!('doc' in answer)) throw new ExtractionFailure('The extractor gave no answer.');
  let { doc } = answer;
  if (kind === 'pdf' && answer.pagesWithoutText.length > 0) {
    const textPages = doc.pageCount - answer.pagesWithoutText.length;
    if (options.advancedTraining) {
      try {
        doc = await ocrScannedPages(
          filePath,
          doc,
          answer.pagesWithoutText,
          answer.pageSizes,
          settings,
          options.signal,
        );
      } catch (error) {
        // Without a page renderer the pages that do have text are still worth keeping.
        const missingRenderer =
          error instanceof ExtractionFailure && error.message === RENDERER_MISSING;
        if (!missingRenderer || textPages === 0) throw error;
      }
    } else if (textPages === 0) throw new ExtractionFailure(SCANNED_PDF);
  }
  return doc;
}

export async function extractDocument(
  filePath: string,
  kind: ExtractableKind,
  options: ExtractOptions,
): Promise<ExtractionResult> {
  const settings = resolveSettings(options.settings);
  const stop = new AbortController();
  const onCancel = () => stop.abort();
  if (options.signal?.aborted) return { ok: false, reason: 'Extraction was cancelled.' };
  options.signal?.addEventListener('abort', onCancel);
  try {
    const work = extract(filePath, kind, { ...options, signal: stop.signal }, settings);
    const doc = await withDeadline(work, settings.timeoutMs, stop);
    if (doc.sections.length === 0 && doc.tables.length === 0)
      return { ok: false, reason: NOTHING_FOUND };
    return { ok: true, doc };
  } catch (error) {
    return { ok: false, reason: describeParserError(kind, error) };
  } finally {
    options.signal?.removeEventListener('abort', onCancel);
  }
}

/**
 * extractDocument and readScannedPage: the entries the ingestion job calls. Parsers run in a
 * pooled child process (worker-pool); OCR runs as tool processes from here or in that child
 * (ocr.ts). Nothing thrown by a parser, a tool or a hostile file escapes: every failure is
 * `{ ok: false, reason }` in words a person can act on.
 */
import { stat } from 'node:fs/promises';
import { describeParserError, ExtractionFailure, type FailedReading, failureText } from './failure';
import { readImageSize } from './image-info';
import {
  OCR_DPI,
  OCR_DPI_CLOSE,
  OCR_PAGE_PIXELS,
  ocrDpi,
  ocrImage,
  ocrPdfPage,
  RENDERER_MISSING,
} from './ocr';
import { formatDuration, resolveSettings } from './settings';
import type {
  ExtractableKind,
  ExtractedDocument,
  ExtractedSection,
  ExtractionResult,
  ExtractOptions,
  ExtractSettings,
  ScannedPage,
} from './types';
import { sourcePosition } from './types';
import { runInWorker } from './worker-pool';

const IMAGE_KINDS = new Set<ExtractableKind>(['jpg', 'png', 'gif', 'bmp']);

const NOTHING_FOUND = {
  reason: 'No text was found in the file.',
  text: failureText('nothing_found'),
};
const CANCELLED = { reason: 'Extraction was cancelled.', text: failureText('cancelled') };

/** Races the work against the deadline; at the deadline, `stop` also ends workers and tools. */
function withDeadline<T>(work: Promise<T>, ms: number, stop: AbortController): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new ExtractionFailure(
          `Extraction took longer than ${formatDuration(ms)} and was stopped.`,
          failureText('timeout', { seconds: ms / 1000 }),
        ),
      );
      stop.abort();
    }, ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** An image's size checks: refused before any OCR when it is too large or has no pixels. */
async function checkImage(filePath: string, kind: ExtractableKind, settings: ExtractSettings) {
  const size = await readImageSize(filePath);
  if (size && size.width * size.height > settings.maxImagePixels)
    throw new ExtractionFailure(
      `The image is ${size.width} x ${size.height} pixels; at most ${Math.round(settings.maxImagePixels / 1e6)} million pixels are read.`,
      failureText('image_too_large', {
        width: size.width,
        height: size.height,
        max_megapixels: Math.round(settings.maxImagePixels / 1e6),
      }),
    );
  if (size && (size.width === 0 || size.height === 0))
    throw new ExtractionFailure(
      `The ${kind.toUpperCase()} image is damaged (it has no pixels).`,
      failureText('image_no_pixels', { type: kind }),
    );
}

/** An image is one page to read; a scanned pdf page is rendered at `dpi` first. */
async function readPage(
  filePath: string,
  kind: ExtractableKind,
  page: ScannedPage,
  settings: ExtractSettings,
  signal?: AbortSignal,
): Promise<string> {
  if (IMAGE_KINDS.has(kind)) return ocrImage(filePath, settings, signal);
  return ocrPdfPage(filePath, page.page, settings, signal, page.dpi);
}

/**
 * The document with the OCR text of its scanned pages in their places (a pdf page's text layer
 * was too thin to keep; an image has no other text).
 */
export function withScannedText(
  doc: ExtractedDocument,
  kind: ExtractableKind,
  read: readonly { page: number; text: string }[],
): ExtractedDocument {
  const found = read.filter((r) => r.text);
  if (found.length === 0) return doc;
  if (IMAGE_KINDS.has(kind))
    return {
      ...doc,
      sections: [
        ...doc.sections,
        ...found.map((r) => ({ text: r.text, position: sourcePosition() })),
      ],
    };
  const replaced = new Set(found.map((r) => r.page));
  const sections: ExtractedSection[] = [
    ...doc.sections.filter((s) => !replaced.has(s.position.page ?? 0)),
    ...found.map((r) => ({ text: r.text, position: sourcePosition({ page: r.page }) })),
  ];
  // Sorting is stable: sections of one page keep their order.
  sections.sort((a, b) => (a.position.page ?? 0) - (b.position.page ?? 0));
  return { ...doc, sections };
}

/** Text pages read; scanned pages (and images) listed with the resolution to read them at. */
async function extractText(
  filePath: string,
  kind: ExtractableKind,
  options: ExtractOptions,
  settings: ExtractSettings,
): Promise<{ doc: ExtractedDocument; scannedPages: ScannedPage[] }> {
  const info = await stat(filePath).catch(() => null);
  if (!info?.isFile())
    throw new ExtractionFailure('The stored file is missing.', failureText('file_missing'));
  if (info.size === 0) throw new ExtractionFailure('The file is empty.', failureText('empty'));

  if (IMAGE_KINDS.has(kind)) {
    await checkImage(filePath, kind, settings);
    const doc = { sections: [], tables: [], pageCount: 1, title: null };
    return { doc, scannedPages: [{ page: 1, dpi: 0 }] };
  }

  const answer = await runInWorker(
    { task: 'extract', filePath, kind, settings },
    {
      timeoutMs: settings.timeoutMs,
      memoryMb: settings.memoryMb,
      maxRssMb: settings.maxRssMb,
      signal: options.signal,
    },
  );
  if (!answer.ok) throw new ExtractionFailure(answer.reason, answer.text);
  if (!('doc' in answer))
    throw new ExtractionFailure('The extractor gave no answer.', failureText('no_answer'));
  const pages = kind === 'pdf' ? answer.pagesWithoutText : [];
  if (pages.length > settings.maxOcrPages)
    throw new ExtractionFailure(
      `The PDF has ${pages.length} scanned pages; at most ${settings.maxOcrPages} pages are read with OCR per document.`,
      failureText('scanned_pages_limit', { pages: pages.length, max: settings.maxOcrPages }),
    );
  const pixels = Math.min(OCR_PAGE_PIXELS, settings.maxImagePixels);
  const best = options.advancedTraining ? OCR_DPI_CLOSE : OCR_DPI;
  const scannedPages = pages.map((page) => ({
    page,
    dpi: ocrDpi(answer.pageSizes[page], pixels, best),
  }));
  return { doc: answer.doc, scannedPages };
}

/**
 * Reads the scanned pages one by one. Without a page renderer the pages that do have text are
 * still worth keeping.
 */
async function readScannedPages(
  filePath: string,
  kind: ExtractableKind,
  text: { doc: ExtractedDocument; scannedPages: ScannedPage[] },
  settings: ExtractSettings,
  signal?: AbortSignal,
): Promise<ExtractedDocument> {
  const read: { page: number; text: string }[] = [];
  try {
    for (const page of text.scannedPages)
      read.push({ page: page.page, text: await readPage(filePath, kind, page, settings, signal) });
  } catch (error) {
    const missingRenderer =
      error instanceof ExtractionFailure && error.message === RENDERER_MISSING;
    if (!missingRenderer || text.doc.sections.length === 0) throw error;
  }
  return withScannedText(text.doc, kind, read);
}

function emptiness(doc: ExtractedDocument, scannedPages: readonly ScannedPage[]) {
  return doc.sections.length === 0 && doc.tables.length === 0 && scannedPages.length === 0;
}

/**
 * Reads a file. Pages without a text layer and images are read with OCR here (`ocr: 'now'`, the
 * default), or left for the caller to read one by one with `readScannedPage` (`ocr: 'later'`):
 * they come back in `scannedPages`.
 */
export async function extractDocument(
  filePath: string,
  kind: ExtractableKind,
  options: ExtractOptions,
): Promise<ExtractionResult> {
  const settings = resolveSettings(options.settings);
  const stop = new AbortController();
  const onCancel = () => stop.abort();
  if (options.signal?.aborted) return { ok: false, ...CANCELLED };
  options.signal?.addEventListener('abort', onCancel);
  try {
    const work = extractText(filePath, kind, { ...options, signal: stop.signal }, settings).then(
      async (text) => {
        if (options.ocr === 'later') return text;
        const doc = await readScannedPages(filePath, kind, text, settings, stop.signal);
        return { doc, scannedPages: [] };
      },
    );
    const { doc, scannedPages } = await withDeadline(work, settings.timeoutMs, stop);
    if (emptiness(doc, scannedPages)) return { ok: false, ...NOTHING_FOUND };
    return { ok: true, doc, scannedPages };
  } catch (error) {
    return { ok: false, ...describeParserError(kind, error) };
  } finally {
    options.signal?.removeEventListener('abort', onCancel);
  }
}

/**
 * The OCR text of one scanned page (or of an image) that `extractDocument` left for later; each
 * run under the OCR timeout, in a tool process or the extraction process.
 */
export async function readScannedPage(
  filePath: string,
  kind: ExtractableKind,
  page: ScannedPage,
  options: Pick<ExtractOptions, 'signal' | 'settings'>,
): Promise<{ ok: true; text: string } | ({ ok: false } & FailedReading)> {
  const settings = resolveSettings(options.settings);
  if (options.signal?.aborted) return { ok: false, ...CANCELLED };
  try {
    return { ok: true, text: await readPage(filePath, kind, page, settings, options.signal) };
  } catch (error) {
    return { ok: false, ...describeParserError(kind, error) };
  }
}

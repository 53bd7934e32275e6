/**
 * PDF text per page with Mozilla's pdf.js (the legacy build is the one meant for Node), without
 * running heads and footers and with line-end hyphenation resolved (pdf-pages.ts). Pages
 * without a text layer are reported back so the caller can read them with OCR.
 */
import { open, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ExtractionFailure, failureText, textBudgetExceeded } from '../failure';
import { countWordCharacters, tidyText } from '../text';
import type { ExtractedSection, ExtractSettings } from '../types';
import { cleanPdfPages } from './pdf-pages';

/** Fewer letters and digits than this and a page counts as scanned (a page number, a stamp). */
const MIN_TEXT_LAYER_CHARS = 20;

interface PdfText {
  sections: ExtractedSection[];
  pageCount: number;
  title: string | null;
  /** 1-based pages with (almost) no text layer. */
  pagesWithoutText: number[];
  /** Their width and height in points, so OCR can render them within the pixel cap. */
  pageSizes: Record<number, [number, number]>;
}

interface TextItem {
  str: string;
  hasEOL: boolean;
  transform: number[];
  width: number;
  height: number;
}

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));

type PdfJs = typeof PdfJsModule;
let pdfjs: PdfJs | undefined;

/**
 * pdf.js through require() (Node >= 20.19 loads ES modules that way), which ESM loader hooks
 * such as tsx's do not rewrite; its worker module is handed over as `globalThis.pdfjsWorker`
 * so pdf.js does not import it again through the hooks.
 */
export function loadPdfJs(): PdfJs {
  if (!pdfjs) {
    pdfjs = require('pdfjs-dist/legacy/build/pdf.mjs') as PdfJs;
    (
      globalThis as { pdfjsWorker?: unknown }
    ).pdfjsWorker = require('pdfjs-dist/legacy/build/pdf.worker.mjs');
  }
  return pdfjs;
}

/** Where pdf.js finds its character maps and standard fonts (inside the npm package). */
export function pdfjsAssets() {
  return {
    cMapUrl: join(pdfjsRoot, 'cmaps') + '/',
    cMapPacked: true,
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts') + '/',
  };
}

/** Acrobat accepts %%EOF within the last 1024 bytes; a file cut short has none. */
async function assertComplete(filePath: string): Promise<void> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const tailLength = Math.min(size, 1024);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    const head = Buffer.alloc(Math.min(size, 1024));
    await file.read(head, 0, head.length, 0);
    if (!head.includes('%PDF-'))
      throw new ExtractionFailure('The file is not a PDF.', failureText('not_pdf'));
    if (!tail.includes('%%EOF'))
      throw new ExtractionFailure(
        'The PDF is truncated or damaged (its end is missing); upload the complete file again.',
        failureText('pdf_truncated'),
      );
  } finally {
    await file.close();
  }
}

/** Joins text runs into lines: a new line where the baseline moves, a space across gaps. */
function pageText(items: TextItem[]): string {
  let out = '';
  let lastY: number | null = null;
  let lastEnd = 0;
  for (const item of items) {
    const [, , , , x, y] = item.transform;
    if (lastY !== null && Math.abs(y - lastY) > Math.max(item.height, 1) * 0.5) out += '\n';
    else if (lastY !== null && x - lastEnd > Math.max(item.height, 1) * 0.15 && !/\s$/.test(out))
      out += ' ';
    out += item.str;
    if (item.hasEOL) out += '\n';
    lastY = y;
    lastEnd = x + item.width;
  }
  return tidyText(out);
}

export async function extractPdf(
  filePath: string,
  settings: Pick<ExtractSettings, 'maxPages' | 'maxTextChars'>,
): Promise<PdfText> {
  await assertComplete(filePath);
  const { getDocument } = loadPdfJs();
  const data = new Uint8Array(await readFile(filePath));
  const task = getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    cMapUrl: join(pdfjsRoot, 'cmaps') + '/',
    cMapPacked: true,
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts') + '/',
  });
  let pdf;
  try {
    pdf = await task.promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException')
      throw new ExtractionFailure(
        'The PDF is password-protected; remove the password and upload it again.',
        failureText('pdf_password'),
      );
    const detail = String((error as Error).message ?? error).slice(0, 120);
    throw new ExtractionFailure(
      `The PDF is damaged and cannot be read (${detail}).`,
      failureText('pdf_damaged', { detail }),
    );
  }
  try {
    if (pdf.numPages > settings.maxPages)
      throw new ExtractionFailure(
        `The PDF has ${pdf.numPages} pages; at most ${settings.maxPages} pages are read per document.`,
        failureText('pdf_pages_limit', { pages: pdf.numPages, max: settings.maxPages }),
      );
    const sections: ExtractedSection[] = [];
    const pagesWithoutText: number[] = [];
    const pageSizes: PdfText['pageSizes'] = {};
    let chars = 0;
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = pageText(content.items.filter((i) => 'str' in i) as TextItem[]);
      if (countWordCharacters(text) < MIN_TEXT_LAYER_CHARS) {
        const { width, height } = page.getViewport({ scale: 1 });
        pageSizes[number] = [width, height];
      }
      page.cleanup();
      chars += text.length;
      if (chars > settings.maxTextChars) textBudgetExceeded('PDF', settings.maxTextChars);
      if (countWordCharacters(text) < MIN_TEXT_LAYER_CHARS) pagesWithoutText.push(number);
      if (text)
        sections.push({
          text,
          position: { page: number, sheet: null, row_start: null, row_end: null, heading: null },
        });
    }
    const cleaned = cleanPdfPages(
      sections.map((s) => s.text),
      sections.map((s) => s.position.page ?? 0),
    );
    const pages = sections
      .map((section, i) => ({ ...section, text: cleaned[i] ?? '' }))
      .filter((section) => section.text);
    const metadata = await pdf.getMetadata().catch(() => null);
    const info = (metadata?.info ?? {}) as { Title?: unknown };
    const title = typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : null;
    return { sections: pages, pageCount: pdf.numPages, title, pagesWithoutText, pageSizes };
  } finally {
    await task.destroy();
  }
}

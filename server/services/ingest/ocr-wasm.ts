/**
 * OCR that needs no Debian package: tesseract.js (Tesseract compiled to WebAssembly) with the
 * language data of the npm packages `@tesseract.js-data/<lang>` (ocr-languages.ts), read from
 * node_modules — nothing is downloaded at run time — and scanned pdf pages rendered by pdf.js onto
 * @napi-rs/canvas (pdf.js's own Node canvas, installed with it). Used when Debian's tesseract or
 * pdftoppm is missing (OCR_ENGINE=auto) or when asked for (OCR_ENGINE=wasm); the CLI tools are
 * faster where they exist.
 *
 * Everything here runs in the pooled extraction process (extract-worker.ts), never in the
 * server: its memory counts against that process's RSS cap, and pdf.js's rendering does not
 * block the server's event loop. One tesseract.js worker serves that process's recognitions
 * (they queue); it ends after a minute idle (or with its process, which the pool ends after 30 s
 * idle), and a recognition that times out ends it at once (a fresh one starts next time), so a
 * stuck page cannot hold memory.
 */
import { mkdtempSync, symlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as NapiCanvas from '@napi-rs/canvas';
import { createWorker, type Worker } from 'tesseract.js';
import { ExtractionFailure, failureText } from './failure';
import { CONSOLE_OCR_LANGUAGES } from './ocr-languages';
import { loadPdfJs, pdfjsAssets } from './parsers/pdf';
import { formatDuration } from './settings';
import { tidyText } from './text';

const require = createRequire(import.meta.url);
const IDLE_MS = 60_000;

interface LanguageData {
  code: string;
  langPath: string;
  gzip: boolean;
}

/** One npm data package's traineddata, or undefined when it is not installed. */
function dataPackage(code: string): LanguageData | undefined {
  try {
    return { code, ...(require(`@tesseract.js-data/${code}`) as Omit<LanguageData, 'code'>) };
  } catch {
    return undefined;
  }
}

/**
 * The language data to read with: the named languages (each must be installed), or for 'auto'
 * every console language whose npm package is installed.
 */
function languagePackages(languages: string): LanguageData[] {
  const packages =
    languages === 'auto'
      ? CONSOLE_OCR_LANGUAGES.map(dataPackage).filter((p) => p !== undefined)
      : languages
          .split('+')
          .filter(Boolean)
          .map((code) => {
            const found = dataPackage(code);
            if (!found)
              throw new ExtractionFailure(
                `OCR language data for '${code}' is not installed (npm install @tesseract.js-data/${code}).`,
                failureText('ocr_language_missing', { language: code }),
              );
            return found;
          });
  if (packages.length === 0)
    throw new ExtractionFailure(
      'No OCR language data is installed (npm install @tesseract.js-data/eng).',
      failureText('ocr_no_languages'),
    );
  return packages;
}

/**
 * One folder holding every language's data: each package keeps its own and tesseract.js takes one
 * langPath, so several languages are linked side by side into a folder of this process. (Handing
 * tesseract.js the data read instead took the extraction process past its 1 GB cap.)
 */
const folders = new Map<string, string>();
function languageFolder(packages: LanguageData[]): { langPath: string; gzip: boolean } {
  if (packages.length === 1) return packages[0];
  const key = packages.map((p) => p.code).join('+');
  let folder = folders.get(key);
  if (!folder) {
    folder = mkdtempSync(join(tmpdir(), 'atrium-ocr-data-'));
    for (const p of packages) {
      const name = `${p.code}.traineddata${p.gzip ? '.gz' : ''}`;
      symlinkSync(join(p.langPath, name), join(folder, `${p.code}.traineddata.gz`));
    }
    folders.set(key, folder);
  }
  return { langPath: folder, gzip: true };
}

let current: { worker: Promise<Worker>; languages: string; idle?: NodeJS.Timeout } | undefined;

function workerFor(languages: string): Promise<Worker> {
  if (current && current.languages === languages) {
    clearTimeout(current.idle);
    return current.worker;
  }
  void stopWorker();
  const worker = Promise.resolve().then(() => {
    const packages = languagePackages(languages);
    const { langPath, gzip } = languageFolder(packages);
    return createWorker(
      packages.map((p) => p.code),
      1,
      {
        langPath,
        gzip,
        cacheMethod: 'none',
        cachePath: mkdtempSync(join(tmpdir(), 'atrium-ocr-')),
      },
    );
  });
  const started = { worker, languages };
  current = started;
  // Missing language data must not stay cached as this process's worker.
  worker.catch(() => {
    if (current === started) current = undefined;
  });
  return worker;
}

async function stopWorker(): Promise<void> {
  const ending = current;
  current = undefined;
  if (!ending) return;
  clearTimeout(ending.idle);
  try {
    await (await ending.worker).terminate();
  } catch {
    // it failed to start or is gone already
  }
}

function idleLater(): void {
  if (!current) return;
  clearTimeout(current.idle);
  current.idle = setTimeout(() => void stopWorker(), IDLE_MS);
  current.idle.unref();
}

/** Text of an image (a file path or encoded bytes: png, jpg, gif, bmp). */
export async function ocrWithWasm(
  image: string | Buffer,
  languages: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<string> {
  if (signal?.aborted)
    throw new ExtractionFailure('Extraction was cancelled.', failureText('cancelled'));
  const worker = await workerFor(languages);
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void stopWorker();
      reject(
        new ExtractionFailure(
          `OCR took longer than ${formatDuration(timeoutMs)} and was stopped.`,
          failureText('ocr_timeout', { seconds: timeoutMs / 1000 }),
        ),
      );
    }, timeoutMs);
    onAbort = () => {
      void stopWorker();
      reject(new ExtractionFailure('Extraction was cancelled.', failureText('cancelled')));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const { data } = await Promise.race([worker.recognize(image), stopped]);
    return tidyText(data.text);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    idleLater();
  }
}

/** One pdf page as a grey PNG at `dpi`, drawn by pdf.js (no poppler needed). */
export async function renderPdfPage(filePath: string, page: number, dpi: number): Promise<Buffer> {
  const { getDocument } = loadPdfJs();
  const task = getDocument({
    data: new Uint8Array(await readFile(filePath)),
    isEvalSupported: false,
    verbosity: 0,
    ...pdfjsAssets(),
  });
  const pdf = await task.promise;
  try {
    const pdfPage = await pdf.getPage(page);
    const viewport = pdfPage.getViewport({ scale: dpi / 72 });
    const { createCanvas } = require('@napi-rs/canvas') as typeof NapiCanvas;
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await pdfPage.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await task.destroy();
  }
}

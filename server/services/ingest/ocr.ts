/**
 * OCR with Debian's tesseract CLI, and page rendering with poppler's pdftoppm for scanned pdf
 * pages. Both run as child processes of the server (not of the extraction process) so a timeout
 * or a cancel kills them for certain; their output streams through pipes, never temporary files.
 * Where a tool is missing (or OCR_ENGINE=wasm), tesseract.js and pdf.js from npm stand in
 * (ocr-wasm.ts), so OCR works after a plain `npm ci`; they run in the pooled extraction process
 * (worker-pool.ts), under its memory cap and off the server's event loop.
 */
import { spawn } from 'node:child_process';
import { ExtractionFailure, failureText } from './failure';
import { consoleLanguages } from './ocr-languages';
import { formatDuration } from './settings';
import { tidyText } from './text';
import type { ExtractSettings } from './types';
import { runInWorker } from './worker-pool';
import type { OcrTask } from './worker-protocol';

export const OCR_MISSING = 'OCR engine (tesseract) is not installed';
export const RENDERER_MISSING =
  'PDF page renderer (pdftoppm from poppler-utils) is not installed, so scanned pages cannot be read';
/** Scanned pages are rendered at this resolution; tesseract reads 200-300 dpi best. */
export const OCR_DPI = 200;
/**
 * With advanced training: small print reads better at 300 dpi, at about twice the time a page
 * takes (still within OCR_PAGE_PIXELS).
 */
export const OCR_DPI_CLOSE = 300;
/**
 * At most this many pixels a rendered page (A2 at 200 dpi; Letter is 3.7 million): a larger page
 * is rendered at a lower resolution, so a pdf that declares a page of 200 x 200 inches (1.6
 * billion pixels at 200 dpi) cannot make the renderer or OCR allocate gigabytes.
 */
export const OCR_PAGE_PIXELS = 16_000_000;

interface Run {
  command: string;
  args: string[];
  stdin?: NodeJS.ReadableStream;
  timeoutMs: number;
  signal?: AbortSignal;
  missing: string;
  what: string;
  /** The page a rendering run renders (its failures name it); absent for OCR runs. */
  page?: number;
  /** false when stdout is piped on to another process. */
  collect?: boolean;
}

interface Ran {
  stdout: Buffer;
  process: ReturnType<typeof spawn>;
  done: Promise<void>;
}

/**
 * What the tools see of the environment: where programs and tesseract's data are, the locale, and
 * never the server's secrets (database address, keys). One thread per tesseract: its OpenMP
 * threads spin while they wait, so on a busy machine (other jobs, other OCR runs) a page of prose
 * took 8 s instead of 1 s; ingestion jobs run side by side instead.
 */
function toolEnv(): NodeJS.ProcessEnv {
  const kept = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TMPDIR', 'TESSDATA_PREFIX'].filter(
    (name) => process.env[name] !== undefined,
  );
  return {
    ...Object.fromEntries(kept.map((name) => [name, process.env[name]])),
    OMP_THREAD_LIMIT: '1',
  };
}

/** A missing tool as a code; `hasTool`'s own marker is never shown to anyone. */
function missingText(missing: string) {
  if (missing === OCR_MISSING) return failureText('ocr_missing');
  if (missing === RENDERER_MISSING) return failureText('renderer_missing');
  return undefined;
}

/** Starts a tool; `done` rejects with an ExtractionFailure on a missing tool, timeout or error. */
function start(run: Run): Ran {
  const child = spawn(run.command, run.args, { stdio: ['pipe', 'pipe', 'pipe'], env: toolEnv() });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  if (run.collect !== false) child.stdout.on('data', (d: Buffer) => out.push(d));
  child.stderr.on('data', (d: Buffer) => {
    if (err.length < 64) err.push(d);
  });
  // EPIPE when the tool exits before reading everything is reported by its exit code instead.
  child.stdin.on('error', () => undefined);
  if (run.stdin) run.stdin.pipe(child.stdin);
  else child.stdin.end();
  const result: Ran = { stdout: Buffer.alloc(0), process: child, done: Promise.resolve() };
  result.done = new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error?: ExtractionFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (error) {
        child.kill('SIGKILL');
        reject(error);
      } else {
        result.stdout = Buffer.concat(out);
        resolve();
      }
    };
    const seconds = run.timeoutMs / 1000;
    const timer = setTimeout(
      () =>
        finish(
          new ExtractionFailure(
            `${run.what} took longer than ${formatDuration(run.timeoutMs)} and was stopped.`,
            run.page === undefined
              ? failureText('ocr_timeout', { seconds })
              : failureText('render_timeout', { page: run.page, seconds }),
          ),
        ),
      run.timeoutMs,
    );
    const failed = (detail: string) =>
      run.page === undefined
        ? failureText('ocr_failed', { detail })
        : failureText('render_failed', { page: run.page, detail });
    const onAbort = () =>
      finish(new ExtractionFailure('Extraction was cancelled.', failureText('cancelled')));
    if (run.signal?.aborted) onAbort();
    run.signal?.addEventListener('abort', onAbort);
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        error.code === 'ENOENT'
          ? new ExtractionFailure(run.missing, missingText(run.missing))
          : new ExtractionFailure(
              `${run.what} could not start (${error.message}).`,
              failed(error.message),
            ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return finish();
      const detail = Buffer.concat(err)
        .toString('utf8')
        .split('\n')
        .find((l) => /error|fail|cannot|can't/i.test(l));
      const said = detail ? detail.trim().slice(0, 160) : `exit code ${code}`;
      finish(
        new ExtractionFailure(
          `${run.what} failed${detail ? `: ${said}` : ` (${said})`}.`,
          failed(said),
        ),
      );
    });
  });
  return result;
}

async function tesseractRun(settings: ExtractSettings, input: string, signal?: AbortSignal) {
  return {
    command: settings.tesseractCommand,
    args: [input, 'stdout', '-l', await systemLanguages(settings)],
    timeoutMs: settings.ocrTimeoutMs,
    signal,
    missing: OCR_MISSING,
    what: 'OCR',
  };
}

/** The languages tesseract reads with: the setting, or (auto) every console language installed. */
const listed = new Map<string, Promise<string>>();
export function systemLanguages(settings: ExtractSettings): Promise<string> {
  if (settings.ocrLanguages !== 'auto') return Promise.resolve(settings.ocrLanguages);
  const command = settings.tesseractCommand;
  let known = listed.get(command);
  if (!known) {
    const run = start({
      command,
      args: ['--list-langs'],
      timeoutMs: 10_000,
      missing: OCR_MISSING,
      what: 'OCR',
    });
    known = run.done
      .then(() => consoleLanguages(run.stdout.toString('utf8').split('\n').slice(1)))
      // A missing tesseract is reported by the run that needs it, in its own words.
      .catch(() => consoleLanguages([]));
    listed.set(command, known);
  }
  return known;
}

/** Whether each system tool answers, asked once per command. */
const present = new Map<string, Promise<boolean>>();
function hasTool(command: string, versionFlag: string): Promise<boolean> {
  let known = present.get(command);
  if (!known) {
    known = start({
      command,
      args: [versionFlag],
      timeoutMs: 10_000,
      missing: 'missing',
      what: command,
    })
      .done.then(() => true)
      .catch(
        (error: unknown) => !(error instanceof ExtractionFailure && error.message === 'missing'),
      );
    present.set(command, known);
  }
  return known;
}

async function systemOcrChosen(settings: ExtractSettings): Promise<boolean> {
  if (settings.ocrEngine !== 'auto') return settings.ocrEngine === 'system';
  return hasTool(settings.tesseractCommand, '--version');
}

async function systemRendererChosen(settings: ExtractSettings): Promise<boolean> {
  if (settings.ocrEngine !== 'auto') return settings.ocrEngine === 'system';
  return hasTool(settings.pdftoppmCommand, '-v');
}

/** Time for the extraction process to start and load tesseract.js, beyond the OCR timeout. */
const ENGINE_START_MS = 30_000;

/** The npm engine's work in the extraction process: OCR text, or a rendered page's PNG. */
async function inExtractor(
  source: OcrTask['source'],
  settings: ExtractSettings,
  signal?: AbortSignal,
): Promise<{ text: string } | { png: Buffer }> {
  const answer = await runInWorker(
    { task: 'ocr', source, languages: settings.ocrLanguages, timeoutMs: settings.ocrTimeoutMs },
    {
      timeoutMs: settings.ocrTimeoutMs + ENGINE_START_MS,
      memoryMb: settings.memoryMb,
      maxRssMb: settings.maxRssMb,
      signal,
    },
  );
  if (!answer.ok) throw new ExtractionFailure(answer.reason, answer.text);
  if ('text' in answer) return { text: answer.text };
  if ('png' in answer)
    return { png: Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength) };
  throw new ExtractionFailure('The OCR engine gave no answer.', failureText('no_answer'));
}

async function wasmText(
  source: OcrTask['source'],
  settings: ExtractSettings,
  signal?: AbortSignal,
): Promise<string> {
  const answer = await inExtractor(source, settings, signal);
  return 'text' in answer ? answer.text : '';
}

/** Text of an image file (png, jpg, gif, bmp). */
export async function ocrImage(
  filePath: string,
  settings: ExtractSettings,
  signal?: AbortSignal,
): Promise<string> {
  if (!(await systemOcrChosen(settings))) return wasmText({ image: filePath }, settings, signal);
  const ran = start(await tesseractRun(settings, filePath, signal));
  await ran.done;
  return tidyText(ran.stdout.toString('utf8'));
}

function pdftoppmRun(
  filePath: string,
  page: number,
  dpi: number,
  settings: ExtractSettings,
  signal?: AbortSignal,
) {
  return {
    command: settings.pdftoppmCommand,
    args: ['-f', String(page), '-l', String(page), '-r', String(dpi), '-gray', '-png', filePath],
    timeoutMs: settings.ocrTimeoutMs,
    signal,
    missing: RENDERER_MISSING,
    what: `Rendering page ${page}`,
    page,
  };
}

/**
 * The resolution a page of `size` points is rendered at: `dpi` (OCR_DPI, or OCR_DPI_CLOSE), or
 * less when it would pass `maxPixels` (OCR_PAGE_PIXELS, or the image cap when that is lower).
 */
export function ocrDpi(
  size: [number, number] | undefined,
  maxPixels = OCR_PAGE_PIXELS,
  dpi = OCR_DPI,
): number {
  if (!size) return dpi;
  const squareInches = (size[0] / 72) * (size[1] / 72);
  if (squareInches <= 0) return dpi;
  return Math.max(1, Math.min(dpi, Math.floor(Math.sqrt(maxPixels / squareInches))));
}

/**
 * Renders one pdf page and reads it. With both system tools the png is piped from pdftoppm
 * straight into tesseract; otherwise the page is rendered by pdftoppm or pdf.js and read by
 * tesseract or tesseract.js, whichever is there.
 */
export async function ocrPdfPage(
  filePath: string,
  page: number,
  settings: ExtractSettings,
  signal?: AbortSignal,
  dpi = OCR_DPI,
): Promise<string> {
  const [systemOcr, systemRenderer] = await Promise.all([
    systemOcrChosen(settings),
    systemRendererChosen(settings),
  ]);
  if (systemOcr && systemRenderer) return pipedPdfPage(filePath, page, dpi, settings, signal);
  if (!systemRenderer && !systemOcr)
    return wasmText({ pdf: filePath, page, dpi, read: true }, settings, signal);
  let png: Buffer;
  if (systemRenderer) {
    const rendered = start(pdftoppmRun(filePath, page, dpi, settings, signal));
    await rendered.done;
    png = rendered.stdout;
  } else {
    const rendered = await inExtractor({ pdf: filePath, page, dpi, read: false }, settings, signal);
    png = 'png' in rendered ? rendered.png : Buffer.alloc(0);
  }
  if (!systemOcr) return wasmText({ png }, settings, signal);
  const { Readable } = await import('node:stream');
  const ocr = start({
    ...(await tesseractRun(settings, 'stdin', signal)),
    stdin: Readable.from([png]),
  });
  await ocr.done;
  return tidyText(ocr.stdout.toString('utf8'));
}

/** pdftoppm's png piped straight into tesseract. */
async function pipedPdfPage(
  filePath: string,
  page: number,
  dpi: number,
  settings: ExtractSettings,
  signal?: AbortSignal,
): Promise<string> {
  const reading = await tesseractRun(settings, 'stdin', signal);
  const render = start({ ...pdftoppmRun(filePath, page, dpi, settings, signal), collect: false });
  const ocr = start({
    ...reading,
    stdin: render.process.stdout ?? undefined,
  });
  try {
    await Promise.all([render.done, ocr.done]);
  } catch (error) {
    render.process.kill('SIGKILL');
    ocr.process.kill('SIGKILL');
    throw error;
  }
  return tidyText(ocr.stdout.toString('utf8'));
}

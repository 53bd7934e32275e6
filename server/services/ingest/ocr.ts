/**
 * OCR with Debian's tesseract CLI, and page rendering with poppler's pdftoppm for scanned pdf
 * pages. Both run as child processes of the server (not of the parser worker) so a timeout or a
 * cancel kills them for certain; their output streams through pipes, never temporary files.
 * Where a tool is missing (or OCR_ENGINE=wasm), tesseract.js and pdf.js from npm stand in
 * (ocr-wasm.ts), so OCR works after a plain `npm ci`.
 */
import { spawn } from 'node:child_process';
import { ExtractionFailure } from './failure';
import { ocrWithWasm, renderPdfPage } from './ocr-wasm';
import { formatDuration } from './settings';
import { tidyText } from './text';
import type { ExtractSettings } from './types';

export const OCR_MISSING = 'OCR engine (tesseract) is not installed';
export const RENDERER_MISSING =
  'PDF page renderer (pdftoppm from poppler-utils) is not installed, so scanned pages cannot be read';
/** Scanned pages are rendered at this resolution; tesseract reads 200-300 dpi best. */
export const OCR_DPI = 200;

interface Run {
  command: string;
  args: string[];
  stdin?: NodeJS.ReadableStream;
  timeoutMs: number;
  signal?: AbortSignal;
  missing: string;
  what: string;
  /** false when stdout is piped on to another process. */
  collect?: boolean;
}

interface Ran {
  stdout: Buffer;
  process: ReturnType<typeof spawn>;
  done: Promise<void>;
}

/** Starts a tool; `done` rejects with an ExtractionFailure on a missing tool, timeout or error. */
function start(run: Run): Ran {
  const child = spawn(run.command, run.args, { stdio: ['pipe', 'pipe', 'pipe'] });
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
    const timer = setTimeout(
      () =>
        finish(
          new ExtractionFailure(
            `${run.what} took longer than ${formatDuration(run.timeoutMs)} and was stopped.`,
          ),
        ),
      run.timeoutMs,
    );
    const onAbort = () => finish(new ExtractionFailure('Extraction was cancelled.'));
    if (run.signal?.aborted) onAbort();
    run.signal?.addEventListener('abort', onAbort);
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        new ExtractionFailure(
          error.code === 'ENOENT' ? run.missing : `${run.what} could not start (${error.message}).`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return finish();
      const detail = Buffer.concat(err)
        .toString('utf8')
        .split('\n')
        .find((l) => /error|fail|cannot|can't/i.test(l));
      finish(
        new ExtractionFailure(
          `${run.what} failed${detail ? `: ${detail.trim().slice(0, 160)}` : ` (exit code ${code})`}.`,
        ),
      );
    });
  });
  return result;
}

function tesseractRun(settings: ExtractSettings, input: string, signal?: AbortSignal) {
  return {
    command: settings.tesseractCommand,
    args: [input, 'stdout', '-l', settings.ocrLanguages],
    timeoutMs: settings.ocrTimeoutMs,
    signal,
    missing: OCR_MISSING,
    what: 'OCR',
  };
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

/** Text of an image file (png, jpg, gif, bmp). */
export async function ocrImage(
  filePath: string,
  settings: ExtractSettings,
  signal?: AbortSignal,
): Promise<string> {
  if (!(await systemOcrChosen(settings)))
    return ocrWithWasm(filePath, settings.ocrLanguages, settings.ocrTimeoutMs, signal);
  const ran = start(tesseractRun(settings, filePath, signal));
  await ran.done;
  return tidyText(ran.stdout.toString('utf8'));
}

function pdftoppmRun(
  filePath: string,
  page: number,
  settings: ExtractSettings,
  signal?: AbortSignal,
) {
  return {
    command: settings.pdftoppmCommand,
    args: [
      '-f',
      String(page),
      '-l',
      String(page),
      '-r',
      String(OCR_DPI),
      '-gray',
      '-png',
      filePath,
    ],
    timeoutMs: settings.ocrTimeoutMs,
    signal,
    missing: RENDERER_MISSING,
    what: `Rendering page ${page}`,
  };
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
): Promise<string> {
  const [systemOcr, systemRenderer] = await Promise.all([
    systemOcrChosen(settings),
    systemRendererChosen(settings),
  ]);
  if (systemOcr && systemRenderer) return pipedPdfPage(filePath, page, settings, signal);
  let png: Buffer;
  if (systemRenderer) {
    const rendered = start(pdftoppmRun(filePath, page, settings, signal));
    await rendered.done;
    png = rendered.stdout;
  } else png = await renderPdfPage(filePath, page, OCR_DPI);
  if (!systemOcr) return ocrWithWasm(png, settings.ocrLanguages, settings.ocrTimeoutMs, signal);
  const { Readable } = await import('node:stream');
  const ocr = start({ ...tesseractRun(settings, 'stdin', signal), stdin: Readable.from([png]) });
  await ocr.done;
  return tidyText(ocr.stdout.toString('utf8'));
}

/** pdftoppm's png piped straight into tesseract. */
async function pipedPdfPage(
  filePath: string,
  page: number,
  settings: ExtractSettings,
  signal?: AbortSignal,
): Promise<string> {
  const render = start({ ...pdftoppmRun(filePath, page, settings, signal), collect: false });
  const ocr = start({
    ...tesseractRun(settings, 'stdin', signal),
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

/** Whether tesseract answers at all (for tests and the health of a deployment). */
export async function isOcrAvailable(command = 'tesseract'): Promise<boolean> {
  try {
    await start({
      command,
      args: ['--version'],
      timeoutMs: 10_000,
      missing: OCR_MISSING,
      what: 'OCR',
    }).done;
    return true;
  } catch {
    return false;
  }
}

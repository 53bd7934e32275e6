/**
 * The extraction process: reads one file per message with the pure-JS parsers and answers with
 * the extracted sections, or does one piece of the npm OCR engine's work (tesseract.js, pdf.js
 * page rendering). It runs in a child process with its own heap limit and an RSS watchdog
 * (worker-pool.ts), so a parser that loops, throws or runs out of memory takes down only this
 * process, never the server.
 */
import {
  checkTextBudget,
  describeParserError,
  ExtractionFailure,
  failureText,
  kindLabel,
} from './failure';
import type { ExtractTask, OcrTask, WorkerReply, WorkerRequest } from './worker-protocol';

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  if (request.task === 'ocr') return ocr(request);
  const reply = await read(request);
  if (!reply.ok || !('doc' in reply)) return reply;
  // Every parser's result meets the text budget before it is sent to the server (sheets and
  // pdf pages are also counted as they are read).
  try {
    checkTextBudget(reply.doc, `${kindLabel(request.kind)} file`, request.settings.maxTextChars);
  } catch (error) {
    return { id: request.id, ok: false, ...describeParserError(request.kind, error) };
  }
  return reply;
}

/** One tesseract.js worker serves this process's OCR and ends when idle (ocr-wasm.ts). */
async function ocr(request: OcrTask & { id: number }): Promise<WorkerReply> {
  const { id, source, languages, timeoutMs } = request;
  try {
    const { ocrWithWasm, renderPdfPage } = await import('./ocr-wasm');
    let image: string | Buffer;
    if ('pdf' in source) {
      const png = await renderPdfPage(source.pdf, source.page, source.dpi);
      if (!source.read) return { id, ok: true, png };
      image = png;
    } else if ('png' in source)
      image = Buffer.from(source.png.buffer, source.png.byteOffset, source.png.byteLength);
    else image = source.image;
    return { id, ok: true, text: await ocrWithWasm(image, languages, timeoutMs) };
  } catch (error) {
    if (error instanceof ExtractionFailure)
      return { id, ok: false, reason: error.message, text: error.text };
    const detail = String((error as Error).message ?? error)
      .split('\n')[0]
      .slice(0, 160);
    return {
      id,
      ok: false,
      reason: `OCR failed (${detail}).`,
      text: failureText('ocr_failed', { detail }),
    };
  }
}

async function read(request: ExtractTask & { id: number }): Promise<WorkerReply> {
  const { id, filePath, kind, settings } = request;
  try {
    switch (kind) {
      case 'pdf': {
        const { extractPdf } = await import('./parsers/pdf');
        const pdf = await extractPdf(filePath, settings);
        return {
          id,
          ok: true,
          doc: { sections: pdf.sections, tables: [], pageCount: pdf.pageCount, title: pdf.title },
          pagesWithoutText: pdf.pagesWithoutText,
          pageSizes: pdf.pageSizes,
        };
      }
      case 'docx':
      case 'doc': {
        const office = await import('./parsers/office');
        const doc =
          kind === 'docx'
            ? await office.extractDocx(filePath, settings)
            : await office.extractDoc(filePath);
        return { id, ok: true, doc, pagesWithoutText: [], pageSizes: {} };
      }
      case 'xlsx':
      case 'xls':
      case 'csv': {
        const sheets = await import('./parsers/sheets');
        const read = { xlsx: sheets.extractXlsx, xls: sheets.extractXls, csv: sheets.extractCsv }[
          kind
        ];
        return {
          id,
          ok: true,
          doc: await read(filePath, settings),
          pagesWithoutText: [],
          pageSizes: {},
        };
      }
      case 'html': {
        const { extractHtml } = await import('./parsers/html');
        return {
          id,
          ok: true,
          doc: await extractHtml(filePath),
          pagesWithoutText: [],
          pageSizes: {},
        };
      }
      default:
        return {
          id,
          ok: false,
          reason: `Files of type '${kind}' are not read by the parser worker.`,
          text: failureText('type_unreadable', { type: kind }),
        };
    }
  } catch (error) {
    return { id, ok: false, ...describeParserError(kind, error) };
  }
}

process.on('message', (request: WorkerRequest) => {
  void handle(request).then((reply) => process.send?.(reply));
});
// The server went away (crash, kill): nothing is left to answer to.
process.on('disconnect', () => process.exit(0));

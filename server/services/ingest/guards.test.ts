import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../test-support/fixtures/bitmap-text';
import {
  writeCsv,
  writeKnowledgeFixtures,
  writeLyingZipDocx,
  writePdf,
  writeScannedPdf,
  writeTruncatedPdf,
  writeXls,
  writeExpandingDocx,
  writeGiantCellXlsx,
  writeGiantScannedPdf,
  writeSharedStringBombXlsx,
  writeXlsx,
  writeZipBombDocx,
} from '../../test-support/knowledge-fixtures';
import { closeParserWorkers, extractDocument, OCR_MISSING } from './index';
import { extractionPeakRssMb, resetExtractionPeakRss } from './worker-pool';
import type { ExtractableKind, ExtractionResult, ExtractSettings } from './types';

let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-guards-'));
});

afterAll(async () => {
  await closeParserWorkers();
  rmSync(dir, { recursive: true, force: true });
});

function reasonOf(result: ExtractionResult): string {
  if (result.ok) throw new Error('extraction was expected to fail');
  return result.reason;
}

const refuse = async (
  path: string,
  kind: ExtractableKind,
  settings: Partial<ExtractSettings> = {},
) => reasonOf(await extractDocument(path, kind, { advancedTraining: false, settings }));

/** The same refusal as the code and parameters the console translates. */
const refusedAs = async (
  path: string,
  kind: ExtractableKind,
  settings: Partial<ExtractSettings> = {},
) => {
  const result = await extractDocument(path, kind, { advancedTraining: false, settings });
  if (result.ok) throw new Error('extraction was expected to fail');
  return result.text;
};

describe('extraction guards', () => {
  it('when a docx declares far more content than the cap (a zip bomb), then it is refused before parsing', async () => {
    writeZipBombDocx(file('bomb.docx'));
    expect(await refuse(file('bomb.docx'), 'docx')).toMatch(/zip bomb/);
    // With the ratio check out of the way, the shared data and then the declared total trip it.
    expect(await refuse(file('bomb.docx'), 'docx', { maxCompressionRatio: 1e9 })).toMatch(
      /zip bomb: several entries share the same compressed data/,
    );
  });

  it('when a docx lies about its sizes, then inflating it is stopped at the cap', async () => {
    writeLyingZipDocx(file('lying.docx'), 6);
    expect(
      await refuse(file('lying.docx'), 'docx', { maxDecompressedBytes: 2 * 1024 * 1024 }),
    ).toMatch(/zip bomb: 'word\/document.xml' expands to more than it declares/);
  });

  it('when an xlsx declares more content than the cap, then it is refused as a zip bomb', async () => {
    await writeXlsx(file('big.xlsx'), 'quokka', 3000);
    expect(await refuse(file('big.xlsx'), 'xlsx', { maxDecompressedBytes: 20 * 1024 })).toMatch(
      /The Excel \(.xlsx\) file was refused as a zip bomb: it declares .* \(at most 20 KB\)/,
    );
  });

  it('when a sheet has more rows than the cap, then xlsx, xls and csv each fail saying so', async () => {
    await writeXlsx(file('rows.xlsx'), 'quokka', 60);
    writeXls(file('rows.xls'), 'tamarind', 60);
    writeCsv(file('rows.csv'), 'zucchini', 60);
    const cap = { maxRows: 50 };
    expect(await refuse(file('rows.xlsx'), 'xlsx', cap)).toBe(
      "The workbook has more than 50 rows (reached in sheet 'Sales'); at most 50 rows are read per document.",
    );
    expect(await refuse(file('rows.xls'), 'xls', cap)).toMatch(/more than 50 rows .*'Inventory'/);
    expect(await refuse(file('rows.csv'), 'csv', cap)).toMatch(/The file has more than 50 rows/);
  });

  it('when a pdf has more pages than the cap, then it fails with the page count', async () => {
    writePdf(file('long.pdf'), 6);
    expect(await refuse(file('long.pdf'), 'pdf', { maxPages: 5 })).toBe(
      'The PDF has 6 pages; at most 5 pages are read per document.',
    );
  });

  it('when a pdf is truncated, then it fails as truncated', async () => {
    writeTruncatedPdf(file('cut.pdf'));
    expect(await refuse(file('cut.pdf'), 'pdf')).toMatch(/truncated or damaged/);
  });

  it('when a file is not what its kind says or is empty, then the reason says so', async () => {
    writeFileSync(file('fake.pdf'), Buffer.from('MZ\x90\x00 this is an exe'));
    writeFileSync(file('empty.docx'), '');
    writeFileSync(file('junk.docx'), 'not a zip at all');
    writeFileSync(file('junk.doc'), 'not an OLE file either');
    expect(await refuse(file('fake.pdf'), 'pdf')).toBe('The file is not a PDF.');
    expect(await refuse(file('empty.docx'), 'docx')).toBe('The file is empty.');
    expect(await refuse(file('junk.docx'), 'docx')).toMatch(
      /damaged or not a valid Office package/,
    );
    expect(await refuse(file('junk.doc'), 'doc')).toMatch(
      /^The Word \(.doc\) file is damaged or not readable/,
    );
    expect(await refuse(file('missing.pdf'), 'pdf')).toBe('The stored file is missing.');
  });

  it('when a file is refused, then the reason also comes as a code with its parameters, from the extraction process as from the server', async () => {
    writeZipBombDocx(file('bomb-code.docx'));
    writeLyingZipDocx(file('lying-code.docx'), 6);
    await writeXlsx(file('rows-code.xlsx'), 'quokka', 60);
    writePdf(file('long-code.pdf'), 6);
    writeTruncatedPdf(file('cut-code.pdf'));
    writeFileSync(file('empty-code.docx'), '');
    writeFileSync(file('junk-code.doc'), 'not an OLE file either');
    expect(await refusedAs(file('bomb-code.docx'), 'docx', { maxCompressionRatio: 1e9 })).toEqual({
      code: 'zip_bomb_overlap',
      params: { type: 'docx' },
    });
    expect(
      await refusedAs(file('lying-code.docx'), 'docx', { maxDecompressedBytes: 2 * 1024 * 1024 }),
    ).toEqual({
      code: 'zip_bomb_expands',
      params: { type: 'docx', part: 'word/document.xml' },
    });
    expect(await refusedAs(file('rows-code.xlsx'), 'xlsx', { maxRows: 50 })).toEqual({
      code: 'rows_limit',
      params: { max: '50', sheet: 'Sales' },
    });
    expect(await refusedAs(file('long-code.pdf'), 'pdf', { maxPages: 5 })).toEqual({
      code: 'pdf_pages_limit',
      params: { pages: '6', max: '5' },
    });
    expect(await refusedAs(file('cut-code.pdf'), 'pdf')).toEqual({
      code: 'pdf_truncated',
      params: {},
    });
    expect(await refusedAs(file('empty-code.docx'), 'docx')).toEqual({ code: 'empty', params: {} });
    expect(await refusedAs(file('missing-code.pdf'), 'pdf')).toEqual({
      code: 'file_missing',
      params: {},
    });
    expect(await refusedAs(file('junk-code.doc'), 'doc')).toEqual({
      code: 'damaged_detail',
      params: { type: 'doc', detail: expect.any(String) as string },
    });
    expect(await refusedAs(file('long-code.pdf'), 'pdf', { timeoutMs: 1 })).toEqual({
      code: 'timeout',
      params: { seconds: '0.001' },
    });
  });

  it('when a pdf is only scanned pages, then it is read with OCR with the default settings, not refused', async () => {
    writeScannedPdf(file('scan-only.pdf'), false);
    const result = await extractDocument(file('scan-only.pdf'), 'pdf', { advancedTraining: false });
    expect(result.ok && result.doc.sections.map((s) => s.text).join(' ')).toMatch(/HARBOUR/);
  });

  it('when a pdf has more scanned pages than OCR reads per document, then it says so', async () => {
    writeScannedPdf(file('scan-cap.pdf'), false);
    expect(await refuse(file('scan-cap.pdf'), 'pdf', { maxOcrPages: 0 })).toBe(
      'The PDF has 1 scanned pages; at most 0 pages are read with OCR per document.',
    );
  });

  it("when Debian's tesseract and pdftoppm are missing, then the npm engine reads images and scanned pages", async () => {
    const fixtures = await writeKnowledgeFixtures(dir);
    const missing = { tesseractCommand: 'no-such-tesseract', pdftoppmCommand: 'no-such-pdftoppm' };
    const image = await extractDocument(fixtures.png.path, 'png', {
      advancedTraining: false,
      settings: missing,
    });
    expect(image.ok && image.doc.sections.map((s) => s.text.toLowerCase()).join(' ')).toContain(
      fixtures.png.word.toLowerCase(),
    );
    writeScannedPdf(file('scan-npm.pdf'), false);
    const scanned = await extractDocument(file('scan-npm.pdf'), 'pdf', {
      advancedTraining: false,
      settings: missing,
    });
    expect(scanned.ok && scanned.doc.sections.map((s) => s.text).join(' ')).toMatch(/harbour/i);
  });

  it('when the system OCR engine is asked for and missing, then an image fails with that reason and nothing crashes', async () => {
    const fixtures = await writeKnowledgeFixtures(dir);
    expect(
      await refuse(fixtures.png.path, 'png', {
        ocrEngine: 'system',
        tesseractCommand: 'no-such-tesseract-here',
      }),
    ).toBe(OCR_MISSING);
    // A scanned pdf page needs OCR too; the text pages alone are kept when only OCR is missing.
    writeScannedPdf(file('scan-ocr.pdf'), false);
    const scanned = await extractDocument(file('scan-ocr.pdf'), 'pdf', {
      advancedTraining: false,
      settings: { ocrEngine: 'system', tesseractCommand: 'no-such-tesseract-here' },
    });
    expect(reasonOf(scanned)).toBe(OCR_MISSING);
  });

  it("when OCR runs Debian's tesseract, then the tool sees none of the server's secrets and runs on one thread", async () => {
    const fixtures = await writeKnowledgeFixtures(dir);
    // A stand-in for tesseract that answers with the environment it was given.
    writeFileSync(file('print-env'), '#!/bin/sh\nenv\n', { mode: 0o755 });
    process.env.ATRIUM_TEST_SECRET = 'do-not-leak-7731';
    try {
      const result = await extractDocument(fixtures.png.path, 'png', {
        advancedTraining: false,
        settings: { ocrEngine: 'system', tesseractCommand: file('print-env') },
      });
      const seen = result.ok ? result.doc.sections.map((s) => s.text).join('\n') : '';
      expect(seen).toContain('OMP_THREAD_LIMIT=1');
      expect(seen).toContain('PATH=');
      expect(seen).not.toContain('do-not-leak-7731');
    } finally {
      delete process.env.ATRIUM_TEST_SECRET;
    }
  });

  it('when the npm OCR engine needs more memory than extraction may use, then the image fails saying so and the next one reads', async () => {
    // tesseract.js runs in the extraction process, under its RSS cap, not in the server.
    const fixtures = await writeKnowledgeFixtures(dir);
    expect(await refuse(fixtures.png.path, 'png', { ocrEngine: 'wasm', maxRssMb: 150 })).toMatch(
      /^The file needs more memory than extraction may use \(the extractor reached \d+ MB of 150 MB\)/,
    );
    const image = await extractDocument(fixtures.png.path, 'png', {
      advancedTraining: false,
      settings: { ocrEngine: 'wasm' },
    });
    expect(image.ok && image.doc.sections[0].text.toLowerCase()).toContain(
      fixtures.png.word.toLowerCase(),
    );
  });

  it.each(['system', 'wasm'] as const)(
    'when a scanned pdf declares a page of 50 x 50 inches, then the %s engine reads it at a lower resolution and the server stays under 600 MB',
    async (ocrEngine) => {
      // At 200 dpi the page would be 100 million pixels; pdf.js drew it in the server (2.3 GB).
      writeGiantScannedPdf(file(`giant-${ocrEngine}.pdf`), 50);
      let peak = process.memoryUsage.rss();
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 5);
      const result = await extractDocument(file(`giant-${ocrEngine}.pdf`), 'pdf', {
        advancedTraining: true,
        settings: { ocrEngine },
      }).finally(() => clearInterval(sampler));
      expect(result.ok && result.doc.sections.map((s) => s.text).join(' ')).toMatch(/LANTERN/i);
      expect(peak / (1024 * 1024)).toBeLessThan(600);
    },
    30_000,
  );

  it('when an image declares more pixels than the cap, then it is refused before OCR', async () => {
    const header = encodePng({ width: 20, height: 20, pixels: Buffer.alloc(400, 255) });
    header.writeUInt32BE(50_000, 16); // IHDR width
    header.writeUInt32BE(50_000, 20); // IHDR height
    writeFileSync(file('huge.png'), header);
    expect(await refuse(file('huge.png'), 'png')).toMatch(
      /50000 x 50000 pixels; at most 60 million/,
    );
  });

  it('when extraction takes longer than the timeout or is cancelled, then it stops with that reason', async () => {
    writePdf(file('slow.pdf'), 400);
    expect(await refuse(file('slow.pdf'), 'pdf', { timeoutMs: 50 })).toMatch(
      /Extraction took longer than 50 ms and was stopped/,
    );
    const controller = new AbortController();
    const pending = extractDocument(file('slow.pdf'), 'pdf', {
      advancedTraining: false,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    expect(reasonOf(await pending)).toBe('Extraction was cancelled.');
    // The worker pool recovers: the next file reads normally.
    writePdf(file('after.pdf'), 2);
    expect((await extractDocument(file('after.pdf'), 'pdf', { advancedTraining: false })).ok).toBe(
      true,
    );
  });

  it('when a parser runs out of its memory limit, then the document fails and the server keeps going', async () => {
    await writeXlsx(file('heap.xlsx'), 'quokka', 20_000);
    expect(await refuse(file('heap.xlsx'), 'xlsx', { memoryMb: 16 })).toMatch(
      /more memory than extraction may use \(16 MB\)|stopped unexpectedly/,
    );
  });

  describe('a docx whose one part inflates to 190 MB at an honest ratio', () => {
    const MB = 1024 * 1024;
    /** Runs `work` while sampling this process's RSS (the server's side of extraction). */
    async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
      let peak = process.memoryUsage.rss();
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 5);
      try {
        const result = await work();
        return { result, peakMb: Math.max(peak, process.memoryUsage.rss()) / MB };
      } finally {
        clearInterval(sampler);
      }
    }

    beforeAll(async () => {
      await writeExpandingDocx(file('expanding.docx'), 190);
      // Start from a quiet process: no OCR worker or idle parsers holding memory.
      await closeParserWorkers();
    });

    it('when it is read, then it is refused for its part size and RSS stays under 600 MB', async () => {
      resetExtractionPeakRss();
      const { result, peakMb } = await peakRss(() => refuse(file('expanding.docx'), 'docx'));
      expect(result).toMatch(
        /zip bomb: 'word\/document.xml' declares 190 MB \(at most 32 MB for one part\)/,
      );
      expect(peakMb).toBeLessThan(600);
      expect(extractionPeakRssMb()).toBeLessThan(600);
    });

    it('when the part cap is lifted, then the RSS watchdog kills the extractor at its cap, the file fails and the server stays small', async () => {
      resetExtractionPeakRss();
      const { result, peakMb } = await peakRss(() =>
        refuse(file('expanding.docx'), 'docx', { maxPartBytes: 1024 * MB, maxRssMb: 300 }),
      );
      expect(result).toMatch(
        /more memory than extraction may use \(the extractor reached \d+ MB of 300 MB\)/,
      );
      expect(peakMb).toBeLessThan(600);
      // Sampled every 20 ms: the child is killed soon after it passes the cap.
      expect(extractionPeakRssMb()).toBeGreaterThan(300);
      expect(extractionPeakRssMb()).toBeLessThan(600);
      // The next file reads normally: the killed extractor did not leave the pool broken.
      await writeXlsx(file('after.xlsx'), 'quokka', 5);
      const after = await extractDocument(file('after.xlsx'), 'xlsx', { advancedTraining: false });
      expect(after.ok).toBe(true);
    });
  });

  it('when a parser overflows its heap limit in one allocation, then only the extractor dies and the file fails', async () => {
    // With the text budget lifted, rows that repeat a 900 KB shared string outgrow a 256 MB heap
    // at once; in a worker thread V8 then aborted the whole process, this test run included.
    await writeSharedStringBombXlsx(file('heap-bomb.xlsx'), 900, 4000);
    expect(
      await refuse(file('heap-bomb.xlsx'), 'xlsx', {
        maxTextChars: Infinity,
        memoryMb: 256,
        maxRssMb: 4096,
      }),
    ).toBe('The file needs more memory than extraction may use (256 MB).');
    await writeXlsx(file('after-heap.xlsx'), 'quokka', 5);
    const after = await extractDocument(file('after-heap.xlsx'), 'xlsx', {
      advancedTraining: false,
    });
    expect(after.ok).toBe(true);
  });

  it('when a workbook yields more text than the budget, then it fails saying so', async () => {
    await writeXlsx(file('budget.xlsx'), 'quokka', 200);
    writeCsv(file('budget.csv'), 'zucchini', 200);
    writePdf(file('budget.pdf'), 3);
    expect(await refuse(file('budget.xlsx'), 'xlsx', { maxTextChars: 2000 })).toBe(
      'The workbook holds more than 2000 characters of text; at most 2000 characters are read per document.',
    );
    expect(await refuse(file('budget.csv'), 'csv', { maxTextChars: 2000 })).toMatch(
      /^The file holds more than 2000 characters of text/,
    );
    expect(await refuse(file('budget.pdf'), 'pdf', { maxTextChars: 200 })).toMatch(
      /^The PDF holds more than 200 characters of text/,
    );
  });

  it('when a workbook part holds a text longer than the cap, then it is refused while inflating', async () => {
    await writeGiantCellXlsx(file('cell.xlsx'), 3);
    expect(await refuse(file('cell.xlsx'), 'xlsx')).toBe(
      "The Excel (.xlsx) file was refused as a zip bomb: 'xl/worksheets/sheet1.xml' holds a text or tag longer than 1 MB (a cell holds at most 32,767 characters).",
    );
    // An ordinary workbook passes the same check.
    await writeXlsx(file('plain.xlsx'), 'quokka', 2000);
    expect(
      (await extractDocument(file('plain.xlsx'), 'xlsx', { advancedTraining: false })).ok,
    ).toBe(true);
  });
});

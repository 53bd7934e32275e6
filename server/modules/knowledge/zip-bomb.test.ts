import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractionPeakRssMb, resetExtractionPeakRss } from '../../services/ingest/worker-pool';
import {
  writeExpandingDocx,
  writeGiantCellXlsx,
  writeSharedStringBombXlsx,
  writeSheetBombXlsx,
} from '../../test-support/knowledge-fixtures';
import { uploadFiles, waitForDocument } from '../../test-support/knowledge';
import { startTestApp, TEST_ADMIN, testDatabases, type TestApp } from '../../test-support/test-app';

const MB = 1024 * 1024;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Security finding: a 3 MB docx that unpacks to 191 MB passed the zip caps and pushed
 * the server to 2.5 GB; workbooks are the same class (a huge sheet, one giant cell, one long
 * shared string repeated in every cell — that last one, 0.3 MB, aborted the whole server through
 * a worker thread's heap limit). Uploaded through the API each must end `failed` with a reason,
 * while both the server's RSS (this process runs the API) and the peak RSS of the extraction
 * child process stay under 600 MB, and the server keeps answering.
 */
const bombs = [
  {
    name: 'a docx whose document part inflates to 190 MB',
    file: 'quarterly-report.docx',
    type: DOCX,
    write: (path: string) => writeExpandingDocx(path, 190),
    reason: /zip bomb: 'word\/document.xml' declares 190 MB \(at most 32 MB for one part\)/,
  },
  {
    name: 'an xlsx whose worksheet inflates to 190 MB of rows',
    file: 'ledger.xlsx',
    type: XLSX,
    write: (path: string) => writeSheetBombXlsx(path, 190),
    reason: /The workbook holds more than 64 million characters of text/,
  },
  {
    name: 'an xlsx with one cell of 190 MB',
    file: 'notes.xlsx',
    type: XLSX,
    write: (path: string) => writeGiantCellXlsx(path, 190),
    reason: /zip bomb: 'xl\/worksheets\/sheet1.xml' holds a text or tag longer than 1 MB/,
  },
  {
    name: 'an xlsx whose 4,000 cells all show one 900 KB shared string',
    file: 'summary.xlsx',
    type: XLSX,
    write: (path: string) => writeSharedStringBombXlsx(path, 900, 4000),
    reason: /The workbook holds more than 64 million characters of text/,
  },
];

describe.each(testDatabases)('zip bombs uploaded on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    dir = mkdtempSync(join(tmpdir(), 'atrium-bomb-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(bombs)(
    'when $name is uploaded, then it ends failed saying why and neither the server nor the extractor passes 600 MB RSS',
    async (bomb) => {
      const path = join(dir, bomb.file);
      await bomb.write(path);
      const content = readFileSync(path);
      const admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
      resetExtractionPeakRss();
      let peak = process.memoryUsage.rss();
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 5);
      try {
        const res = await uploadFiles(t, admin, [{ name: bomb.file, content, type: bomb.type }]);
        expect(res.status).toBe(200);
        const doc = await waitForDocument(t, admin, res.body.items[0].document_id as number);
        expect(doc.status).toBe('failed');
        expect(JSON.stringify(doc)).toMatch(bomb.reason);
      } finally {
        clearInterval(sampler);
      }
      expect(Math.max(peak, process.memoryUsage.rss()) / MB).toBeLessThan(600);
      // The child's own peak (VmHWM), read by the pool when the file ended.
      expect(extractionPeakRssMb()).toBeGreaterThan(0);
      expect(extractionPeakRssMb()).toBeLessThan(600);
      expect((await t.api('GET', '/api/health')).status).toBe(200);
    },
    60_000,
  );
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DocumentProgress, KnowledgeDocument } from '../../../contract/knowledge';
import { createSearchIndex } from '../../services/search';
import { encodePng, renderText } from '../../test-support/fixtures/bitmap-text';
import { uploadFiles, waitForDocument } from '../../test-support/knowledge';
import { writeScanPdf } from '../../test-support/knowledge-fixtures';
import { describeApi, type SuiteApp } from '../../test-support/test-app';

/** Words the 5x7 test font and both OCR engines agree on, one per scanned page. */
const SCANNED = ['LANTERN', 'SCHEDULE', 'TIDEGAUGE', 'SLIPWAY', 'CLEARANCE', 'PERMIT'];
const scanPages = (words: string[]) =>
  words.map((word) => ({ scan: [`${word} CHECKED`, 'BY THE HARBOUR MASTER'] }));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-scans-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function upload(t: SuiteApp, files: { name: string; content: Buffer }[]) {
  return uploadFiles(t, t.admin, files).then((res) => {
    expect(res.status).toBe(200);
    return res.body.items.map((i: { status_code: number; document_id: number }) => {
      expect(i.status_code).toBe(201);
      return i.document_id;
    });
  });
}

async function listed(t: SuiteApp, id: number): Promise<KnowledgeDocument> {
  const res = await t.api('GET', '/api/upload/uploaded/documents?size=100', { token: t.admin });
  const doc = (res.body.items as KnowledgeDocument[]).find((d) => d.id === id);
  if (!doc) throw new Error(`document ${id} is not listed`);
  return doc;
}

/** What the repository list shows for the document until it is ready or failed. */
async function watch(t: SuiteApp, id: number) {
  const seen: (Pick<KnowledgeDocument, 'status'> & { progress: DocumentProgress | null })[] = [];
  const deadline = Date.now() + 120_000;
  for (;;) {
    const doc = await listed(t, id);
    seen.push({ status: doc.status, progress: doc.progress ?? null });
    if (doc.status === 'ready' || doc.status === 'failed') return { doc, seen };
    if (Date.now() > deadline) throw new Error(`document ${id} still ${doc.status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function pagesOf(t: SuiteApp, id: number, word: string): Promise<(number | null)[]> {
  const hits = await createSearchIndex(t.database).search({
    text: word.toLowerCase(),
    departmentIds: [1],
    limit: 10,
  });
  return hits.filter((h) => h.documentId === id).map((h) => h.position.page);
}

// One worker and one page per turn: the turns of a scan and the jobs between them are in a
// known order.
describeApi('scanned uploads', { env: { INGEST_CONCURRENCY: '1', OCR_TURN_SECONDS: '0' } }, (t) => {
  it('when a scanned pdf is uploaded with the default settings, then the list shows its pages being read with OCR and it ends ready with its text searchable', async () => {
    const path = join(dir, 'scan.pdf');
    writeScanPdf(path, scanPages(SCANNED.slice(0, 4)));
    const [id] = await upload(t, [{ name: 'scan.pdf', content: readFileSync(path) }]);
    const { doc, seen } = await watch(t, id);

    expect(doc).toMatchObject({ status: 'ready', error: null, progress: null, page_count: 4 });
    const reading = seen.filter((s) => s.progress !== null);
    expect(reading.length).toBeGreaterThan(0);
    for (const s of reading) {
      expect(s.progress).toMatchObject({ phase: 'ocr', total: 4 });
      expect(s.progress!.done).toBeLessThanOrEqual(4);
    }
    // Pages read one by one: the count only goes up.
    const counts = reading.map((s) => s.progress!.done);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new Set(counts).size).toBeGreaterThan(1);
    expect(counts[0]).toBeLessThan(4);
    for (const [i, word] of SCANNED.slice(0, 4).entries())
      expect(await pagesOf(t, id, word), word).toContain(i + 1);
    // Nothing of the OCR phase is left behind.
    const left = await t.database.db
      .selectFrom('document_scanned_pages')
      .select('page')
      .where('document_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  }, 150_000);

  it('when a pdf has text pages and scanned pages, then both are read and each word is found at its page', async () => {
    const path = join(dir, 'mixed.pdf');
    writeScanPdf(path, [
      { text: ['Mooring rules: the quartermaster assigns every berth.'] },
      ...scanPages(['SLIPWAY']),
      { text: ['Fuel is sold at the pontoon after noon.'] },
      ...scanPages(['PERMIT']),
    ]);
    const [id] = await upload(t, [{ name: 'mixed.pdf', content: readFileSync(path) }]);
    const doc = await waitForDocument(t, t.admin, id, 120_000);
    expect(doc).toMatchObject({ status: 'ready', error: null, page_count: 4 });
    expect(await pagesOf(t, id, 'quartermaster')).toContain(1);
    expect(await pagesOf(t, id, 'SLIPWAY')).toContain(2);
    expect(await pagesOf(t, id, 'pontoon')).toContain(3);
    expect(await pagesOf(t, id, 'PERMIT')).toContain(4);
  }, 150_000);

  it('when a long scan and a csv are uploaded together, then the csv is ready while the scan still has pages to read', async () => {
    const path = join(dir, 'long-scan.pdf');
    writeScanPdf(path, scanPages(SCANNED));
    const [scan, csv] = await upload(t, [
      { name: 'long-scan.pdf', content: readFileSync(path) },
      { name: 'berths.csv', content: Buffer.from('berth,length\nA1,12\nB7,18\n') },
    ]);
    expect(await waitForDocument(t, t.admin, csv, 60_000)).toMatchObject({ status: 'ready' });
    const meanwhile = await listed(t, scan);
    expect(meanwhile.status).toBe('processing');
    expect(meanwhile.progress).toMatchObject({ phase: 'ocr', total: SCANNED.length });
    expect(meanwhile.progress!.done).toBeLessThan(SCANNED.length);
    expect(await waitForDocument(t, t.admin, scan, 150_000)).toMatchObject({ status: 'ready' });
  }, 200_000);

  it('when an image is uploaded with the default settings, then its text is read and searchable', async () => {
    const png = encodePng(renderText(['GANGWAY OPENS AT DAWN'], 4));
    const [id] = await upload(t, [{ name: 'notice.png', content: png }]);
    const doc = await waitForDocument(t, t.admin, id, 60_000);
    expect(doc).toMatchObject({ status: 'ready', error: null, progress: null });
    expect(await pagesOf(t, id, 'GANGWAY')).toEqual([null]);
  }, 90_000);

  it('when a scan is deleted while its pages are being read, then its pages go with it and no turn of it runs again', async () => {
    const path = join(dir, 'deleted-scan.pdf');
    writeScanPdf(path, scanPages(SCANNED), 'Deleted scan');
    const [id] = await upload(t, [{ name: 'deleted-scan.pdf', content: readFileSync(path) }]);
    const deadline = Date.now() + 60_000;
    while (!(await listed(t, id)).progress) {
      if (Date.now() > deadline) throw new Error('the scan never started its OCR phase');
      await new Promise((r) => setTimeout(r, 20));
    }
    const del = await t.api('POST', '/api/delete/documents/all', {
      token: t.admin,
      body: { ids: [id] },
    });
    expect(del.status).toBe(200);
    const { db } = t.database;
    const rowsOf = () =>
      db
        .selectFrom('document_scanned_pages')
        .select('page')
        .where('document_id', '=', id)
        .execute();
    expect(await rowsOf()).toEqual([]);
    // The turn that was running ends; nothing comes back for the deleted document.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await rowsOf()).toEqual([]);
    const jobs = await db
      .selectFrom('ingestion_jobs')
      .select('state')
      .where('document_id', '=', id)
      .where('state', 'in', ['queued', 'running'])
      .execute();
    expect(jobs).toEqual([]);
    expect(await pagesOf(t, id, 'LANTERN')).toEqual([]);
  }, 90_000);
});

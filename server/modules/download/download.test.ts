import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDocumentRow } from '../../test-support/document-rows';
import { addDepartment, personWith } from '../../test-support/identity';
import {
  type KnowledgeFixture,
  writeKnowledgeFixtures,
} from '../../test-support/knowledge-fixtures';
import {
  startTestApp,
  TEST_ADMIN,
  TEST_API_KEY,
  testDatabases,
  type TestApp,
} from '../../test-support/test-app';
import { pdfText } from '../../test-support/pdf-text';

describe.each(testDatabases)('GET /download/{id} on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let files: Record<string, KnowledgeFixture>;
  let querier: string;
  let viewer: string;
  let outsider: string;
  let admin: string;
  let mine: number;
  let other: number;
  const ids: Record<string, number> = {};

  async function download(id: number, token: string, query = '') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/download/${id}${query}`,
      headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${token}` },
    });
    return {
      status: res.statusCode,
      headers: res.headers,
      bytes: res.rawPayload,
      json: () => res.json(),
    };
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    dir = mkdtempSync(join(tmpdir(), 'atrium-download-'));
    files = await writeKnowledgeFixtures(dir);
    admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    mine = await addDepartment(t);
    other = await addDepartment(t);
    querier = (await personWith(t, mine, 'Query.QUERY_DOCUMENT')).token;
    viewer = (await personWith(t, mine, 'Documents.VIEW', 'Documents.LIST_VIEW')).token;
    outsider = (await personWith(t, mine, 'Users.LIST_VIEW')).token;
    for (const key of ['pdf', 'csv', 'docx', 'xlsx', 'xls', 'doc', 'png', 'bmp'])
      ids[key] = await addDocumentRow(t, {
        departmentId: mine,
        name: files[key].fileName,
        type: key,
        file: files[key].path,
      });
    ids.web = await addDocumentRow(t, {
      departmentId: mine,
      name: 'https://example.org/library/hours',
      url: 'https://example.org/library/hours',
      isUrl: true,
      type: 'html',
      file: files.html.path,
    });
    ids.otherPdf = await addDocumentRow(t, {
      departmentId: other,
      name: 'other.pdf',
      type: 'pdf',
      file: files.pdf.path,
    });
    ids.otherCsv = await addDocumentRow(t, {
      departmentId: other,
      name: 'other.csv',
      type: 'csv',
      file: files.csv.path,
    });
    ids.binned = await addDocumentRow(t, {
      departmentId: mine,
      name: 'binned.csv',
      type: 'csv',
      file: files.csv.path,
      softDelete: true,
    });
    ids.pending = await addDocumentRow(t, {
      departmentId: mine,
      name: 'pending.docx',
      type: 'docx',
      file: files.docx.path,
      status: 'processing',
    });
    ids.weird = await addDocumentRow(t, {
      departmentId: mine,
      name: 'Q3 "final"\r\nrépartition.csv',
      type: 'csv',
      file: files.csv.path,
    });
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('when the document is a pdf, then the stored file is sent as is, inline', async () => {
    const res = await download(ids.pdf, querier);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="report\.pdf"/);
    expect(res.bytes.equals(readFileSync(files.pdf.path))).toBe(true);
  });

  it.each([
    ['csv', ['zucchini', 'Row 3']],
    ['xlsx', ['quokka', 'Sheet: Staff', 'Revenue: 1200']],
    ['xls', ['tamarind', 'Sheet: Inventory']],
    ['docx', ['periwinkle', 'Safety rules']],
    ['doc', ['xylophone']],
    ['web', ['nightingale', 'Opening hours']],
  ])(
    'when the document is %s, then it is rendered as a pdf holding its text',
    async (key, expected) => {
      const res = await download(ids[key], querier);
      // A refusal's message says why (e.g. the extractor's reason): show it when this fails.
      expect(res.status, res.bytes.toString().slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(res.bytes);
      for (const part of expected) expect(text).toContain(part);
    },
  );

  it('when a German console opens a workbook, then the headings the layout adds speak German', async () => {
    const res = await download(ids.xls, querier, '?lng=de');
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    expect(text).toContain('Tabellenblatt: Inventory');
    expect(text).toMatch(/Zeile \d/);
    expect(text).not.toContain('Sheet:');
    // No language asked: English, as before.
    expect(await pdfText((await download(ids.xls, querier)).bytes)).toContain('Sheet: Inventory');
  });

  it('when a document holds Cyrillic, Greek and Arabic text, then the pdf shows those letters, not question marks', async () => {
    const path = join(dir, 'offices.csv');
    writeFileSync(path, 'city,manager\nМосква,Иван Петров\nΑθήνα,Ελένη\nالقاهرة,محمد\n');
    const id = await addDocumentRow(t, {
      departmentId: mine,
      name: 'offices.csv',
      type: 'csv',
      file: path,
    });
    const res = await download(id, querier);
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    for (const word of ['Москва', 'Иван Петров', 'Αθήνα', 'Ελένη']) expect(text).toContain(word);
    expect(text).toMatch(/[\u0600-\u06ff]{4}/);
    expect(text).not.toContain('?');
  });

  it('when the document is a sitemap, then the pdf lists its pages still shown', async () => {
    const sitemap = await addDocumentRow(t, {
      departmentId: mine,
      name: 'https://example.org/sitemap.xml',
      url: 'https://example.org/sitemap.xml',
      isUrl: true,
      type: 'sitemap',
    });
    for (const [page, softDelete] of [
      ['opening-times', false],
      ['old-prices', true],
    ] as const)
      await addDocumentRow(t, {
        departmentId: mine,
        name: `https://example.org/${page}`,
        isUrl: true,
        type: 'html',
        parentId: sitemap,
        softDelete,
      });
    const res = await download(sitemap, querier);
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    expect(text).toContain('https://example.org/opening-times');
    expect(text).not.toContain('old-prices');
  });

  it('when the document is a web page, then its file name comes from the address', async () => {
    const res = await download(ids.web, querier);
    expect(res.headers['content-disposition']).toMatch(
      /filename="example\.org_library_hours\.pdf"/,
    );
  });

  it('when the document is a png, then the pdf embeds the image; a bmp shows its OCR text', async () => {
    const png = await download(ids.png, querier);
    expect(png.status).toBe(200);
    expect(png.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(png.bytes.toString('latin1')).toContain('/Subtype /Image');
    const bmp = await download(ids.bmp, querier);
    expect(bmp.status).toBe(200);
    expect((await pdfText(bmp.bytes)).toLowerCase()).toContain(files.bmp.word.toLowerCase());
  });

  it('when the name has quotes, line breaks and accents, then the header stays one safe line', async () => {
    const res = await download(ids.weird, querier);
    const header = String(res.headers['content-disposition']);
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toMatch(/^inline; filename="Q3 _final_ repartition\.pdf"; /);
    expect(header).toContain(
      `filename*=UTF-8''${encodeURIComponent('Q3 _final_ répartition.pdf')}`,
    );
  });

  it("when the document is another department's or does not exist, then it is 404 either way", async () => {
    for (const id of [ids.otherPdf, ids.otherCsv, 999_999]) {
      const res = await download(id, querier);
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ message: 'Document not found.', code: 'NOT_FOUND' });
    }
    expect((await download(ids.otherPdf, admin)).status).toBe(200);
  });

  it('when the document is soft-deleted, then chat users get 404 and repository viewers still get it', async () => {
    expect((await download(ids.binned, querier)).status).toBe(404);
    expect((await download(ids.binned, viewer)).status).toBe(200);
    expect((await download(ids.csv, viewer)).status).toBe(200);
  });

  it('when a non-pdf document is still processing, then it is 409 with the reason', async () => {
    const res = await download(ids.pending, querier);
    expect(res.status).toBe(409);
    expect(res.json().message).toMatch(/still being processed/);
  });

  it('when the user holds neither Documents.VIEW nor Query.QUERY_DOCUMENT, then it is 403', async () => {
    expect((await download(ids.pdf, outsider)).status).toBe(403);
    const anonymous = await t.api('GET', `/api/download/${ids.pdf}`);
    expect(anonymous.status).toBe(401);
    expect((await t.api('GET', '/api/download/abc', { token: querier })).status).toBe(400);
  });

  describe('GET /download/{id}/notes', () => {
    const notes = (id: number, token: string) =>
      t.api('GET', `/api/download/${id}/notes`, { token });

    it('when the document is a sitemap, then the note counts its pages shown as a code, not in the pdf', async () => {
      const sitemap = await addDocumentRow(t, {
        departmentId: mine,
        name: 'https://example.org/map.xml',
        url: 'https://example.org/map.xml',
        isUrl: true,
        type: 'sitemap',
      });
      for (const page of ['a', 'b', 'c'])
        await addDocumentRow(t, {
          departmentId: mine,
          name: `https://example.org/${page}`,
          isUrl: true,
          type: 'html',
          parentId: sitemap,
        });
      const res = await notes(sitemap, querier);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ notes: [{ code: 'sitemap_pages', params: { count: '3' } }] });
      const text = await pdfText((await download(sitemap, querier)).bytes);
      expect(text).toContain('https://example.org/a');
      expect(text).not.toMatch(/Sitemap with/);
    });

    it('when a document with text was just shown, then it has no notes', async () => {
      expect((await download(ids.csv, querier)).status).toBe(200);
      expect((await notes(ids.csv, querier)).body).toEqual({ notes: [] });
      // Asked without the pdf first (another process laid it out): worked out again.
      expect((await notes(ids.docx, viewer)).body).toEqual({ notes: [] });
      expect((await notes(ids.pdf, querier)).body).toEqual({ notes: [] });
    });

    it('when the reader may not see the document, then the notes are refused as the pdf is', async () => {
      expect((await notes(ids.otherCsv, querier)).status).toBe(404);
      expect((await notes(ids.binned, querier)).status).toBe(404);
      expect((await notes(ids.csv, outsider)).status).toBe(403);
    });
  });
});

/**
 * What the knowledge area tells a person travels as codes with parameters the console
 * translates, with the English kept beside them for API clients: each refused file of an upload,
 * and the stored reason a document could not be read, as the documents list answers it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_EXTENSIONS } from '../../../contract/knowledge';
import {
  EXE_BYTES as EXE,
  localSite,
  uploadFiles,
  waitForDocument,
  TINY_PDF as PDF,
  zipDeclaring,
} from '../../test-support/knowledge';
import { startTestApp, TEST_ADMIN, testDatabases, type TestApp } from '../../test-support/test-app';
import { createDocumentsRepo } from './repo';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe.each(testDatabases)('upload refusals as codes on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { MAX_UPLOAD_MB: '1', INGEST_CONCURRENCY: '0' });
    token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => t?.close());
  afterEach(async () => {
    await t.database.db.deleteFrom('documents').execute();
  });

  const refusals = [
    {
      what: 'a .pdf that is really an exe',
      file: { name: 'report.pdf', content: EXE, type: 'application/pdf' },
      status: 415,
      code: 'content_mismatch',
      params: { name: 'report.pdf', ext: 'pdf' },
    },
    {
      what: 'a zip named .xlsx that holds a Word document',
      file: { name: 'sheet.xlsx', content: zipDeclaring('word/document.xml', 4) },
      status: 415,
      code: 'content_mismatch',
      params: { name: 'sheet.xlsx', ext: 'xlsx' },
    },
    {
      what: 'an empty file',
      file: { name: 'empty.csv', content: '', type: 'text/csv' },
      status: 400,
      code: 'empty',
      params: { name: 'empty.csv' },
    },
    {
      what: 'a file over MAX_UPLOAD_MB',
      file: {
        name: 'big.pdf',
        content: Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 0x20)]),
        type: 'application/pdf',
      },
      status: 413,
      code: 'too_large',
      params: { name: 'big.pdf', max_mb: '1' },
    },
    {
      what: 'a name that climbs out of its folder',
      file: { name: '../../etc/passwd.pdf', content: PDF, type: 'application/pdf' },
      status: 400,
      code: 'file_name',
      params: { name: '../../etc/passwd.pdf' },
    },
    {
      what: 'a .docx that would unpack to a zip bomb',
      file: {
        name: 'bomb.docx',
        content: zipDeclaring('word/document.xml', 4_000_000_000, ['[Content_Types].xml']),
        type: DOCX,
      },
      status: 413,
      code: 'package_too_large',
      params: { name: 'bomb.docx', max_mb: '200', max_parts: '10000' },
    },
    {
      what: 'a declared type that contradicts the extension',
      file: { name: 'a.pdf', content: PDF, type: 'image/png' },
      status: 415,
      code: 'declared_type',
      params: { name: 'a.pdf', declared: 'image/png', ext: 'pdf' },
    },
    {
      what: 'an extension that is not allowed',
      file: { name: 'setup.exe', content: EXE },
      status: 415,
      code: 'type_not_allowed',
      params: { name: 'setup.exe', types: UPLOAD_EXTENSIONS.join(', ') },
    },
    {
      what: 'a .csv holding binary data',
      file: { name: 'data.csv', content: Buffer.from('a,b\n\u0000\u0001,2\n'), type: 'text/csv' },
      status: 415,
      code: 'csv_binary',
      params: { name: 'data.csv' },
    },
  ];

  it.each(refusals)(
    'when $what is uploaded, then its item says why as a code with parameters beside the English',
    async ({ file, status, code, params }) => {
      const res = await uploadFiles(t, token, [file]);
      expect(res.status).toBe(status);
      expect(res.body.items).toEqual([
        {
          file_name: params.name,
          status_code: status,
          message: expect.stringContaining(params.name) as string,
          code,
          params,
          document_id: null,
        },
      ]);
      // The answer's own code stays the error code of its status, for clients that read it.
      expect(res.body.code).toMatch(/^[A-Z_]+$/);
      expect(res.body.message).toBe(res.body.items[0].message);
    },
  );

  it('when the same content comes again under another name, then 409 names the stored copy as a parameter', async () => {
    const csv = { name: 'dup.csv', content: 'k,v\n1,2\n', type: 'text/csv' };
    expect((await uploadFiles(t, token, [csv])).status).toBe(200);
    const again = await uploadFiles(t, token, [{ ...csv, name: 'copy.csv' }]);
    expect(again.status).toBe(409);
    expect(again.body.items[0]).toMatchObject({
      message: '"copy.csv" is already in this department as "dup.csv".',
      code: 'duplicate',
      params: { name: 'copy.csv', existing: 'dup.csv' },
    });
  });

  it('when a file is stored, then its item carries no refusal code', async () => {
    const res = await uploadFiles(t, token, [
      { name: 'fine.csv', content: 'city,people\nOslo,700000\n', type: 'text/csv' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.items[0].status_code).toBe(201);
    expect(res.body.items[0]).not.toHaveProperty('code');
  });
});

describe.each(testDatabases)('document failures as codes on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => t?.close());

  async function failedAs(file: { name: string; content: Buffer | string; type?: string }) {
    const res = await uploadFiles(t, token, [file]);
    expect(res.status).toBe(200);
    const id = res.body.items[0].document_id as number;
    const doc = await waitForDocument(t, token, id);
    expect(doc.status).toBe('failed');
    return doc as { id: number; error: string; error_text: unknown };
  }

  it('when a file holds no text, then the document says nothing_found, in the list as well', async () => {
    const doc = await failedAs({ name: 'blank.csv', content: ' \n \n', type: 'text/csv' });
    expect(doc.error).toBe('No text was found in the file.');
    expect(doc.error_text).toEqual({ code: 'nothing_found', params: {} });
    const list = await t.api('GET', '/api/upload/uploaded/documents?search=blank', { token });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({
        id: doc.id,
        status: 'failed',
        error: 'No text was found in the file.',
        error_text: { code: 'nothing_found', params: {} },
      }),
    ]);
  });

  it('when a pdf is cut off before its end, then the document says pdf_truncated', async () => {
    const doc = await failedAs({
      name: 'cut.pdf',
      content: '%PDF-1.4\n1 0 obj <<>> endobj\n',
      type: 'application/pdf',
    });
    expect(doc.error).toMatch(/^The PDF is truncated or damaged/);
    expect(doc.error_text).toEqual({ code: 'pdf_truncated', params: {} });
  });

  it('when a docx is a zip whose sizes lie, then the extraction process says office_damaged with the file type', async () => {
    const doc = await failedAs({
      name: 'lying.docx',
      content: zipDeclaring('word/document.xml', 190 * 1024 * 1024, ['[Content_Types].xml']),
      type: DOCX,
    });
    expect(doc.error).toBe('The Word (.docx) file is damaged or not a valid Office package.');
    expect(doc.error_text).toEqual({ code: 'office_damaged', params: { type: 'docx' } });
  });

  it('when a failed document is read again and succeeds, then neither its reason nor its code is left', async () => {
    const doc = await failedAs({ name: 'again.csv', content: ' \n', type: 'text/csv' });
    // What a re-read writes: `error` cleared through the repository clears its code as well.
    await createDocumentsRepo(t.database.db).update(doc.id, { error: null });
    const row = await t.database.db
      .selectFrom('documents')
      .select(['error', 'error_code', 'error_params'])
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ error: null, error_code: null, error_params: null });
  });
});

describe.each(testDatabases)('a sitemap page that cannot be fetched on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let site: Awaited<ReturnType<typeof localSite>>;
  beforeAll(async () => {
    site = await localSite('127.0.0.2', {
      '/sitemap.xml': {
        type: 'application/xml',
        body:
          '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
          '<url><loc>{origin}/gone</loc></url></urlset>',
      },
    });
    t = await startTestApp(dialect, { URL_FETCH_ALLOW: '127.0.0.2' });
    token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('when a page the sitemap lists answers 404, then the page says page_fetch with the web address code and its parameters', async () => {
    const added = await t.api('POST', '/api/upload/urls', {
      token,
      body: { urls: [`${site.origin}/sitemap.xml`], department: 1 },
    });
    expect(added.status).toBe(200);
    const sitemap = added.body.items[0].document_id as number;
    expect((await waitForDocument(t, token, sitemap)).status).toBe('ready');
    const pages = await t.api('GET', `/api/upload/uploaded/documents?parent_id=${sitemap}`, {
      token,
    });
    const gone = await waitForDocument(t, token, pages.body.items[0].id as number);
    expect(gone).toMatchObject({
      status: 'failed',
      error: `${site.origin}/gone answered HTTP 404.`,
      error_text: {
        code: 'page_fetch',
        params: { web: 'http_status', address: `${site.origin}/gone`, status: '404' },
      },
    });
  });
});

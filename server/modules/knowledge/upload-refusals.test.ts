import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uploadDocsResponseSchema } from '../../../contract/knowledge';
import {
  EXE_BYTES as EXE,
  localSite,
  storedFiles,
  storedRows,
  uploadFiles,
  TINY_PDF as PDF,
  zipDeclaring,
} from '../../test-support/knowledge';
import { startTestApp, TEST_ADMIN, testDatabases, type TestApp } from '../../test-support/test-app';

describe.each(testDatabases)('upload refusals on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // Workers off: these tests look only at what the upload stores.
    t = await startTestApp(dialect, { MAX_UPLOAD_MB: '1', INGEST_CONCURRENCY: '0' });
    token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => t?.close());

  const expectNothingStored = async () => {
    expect(storedFiles(t)).toEqual([]);
    expect(await storedRows(t)).toEqual({ documents: 0, jobs: 0, tables: 0 });
  };
  afterEach(async () => {
    await t.database.db.deleteFrom('documents').execute();
  });

  it('when a .pdf is really an exe, then 415 says its content does not match and nothing is stored', async () => {
    const res = await uploadFiles(t, token, [
      { name: 'report.pdf', content: EXE, type: 'application/pdf' },
    ]);
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.message).toBe(
      '"report.pdf" is not a PDF document: its content does not match its extension.',
    );
    expect(uploadDocsResponseSchema.parse(res.body).items).toEqual([
      expect.objectContaining({ file_name: 'report.pdf', status_code: 415, document_id: null }),
    ]);
    await expectNothingStored();
  });

  it('when a file is empty, then 400 says so and nothing is stored', async () => {
    const res = await uploadFiles(t, token, [{ name: 'empty.csv', content: '', type: 'text/csv' }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('"empty.csv" is empty.');
    await expectNothingStored();
  });

  it('when 16 files are sent, then 400 says at most 15 and none of them is stored', async () => {
    const files = Array.from({ length: 16 }, (_, i) => ({
      name: `f${i}.csv`,
      content: `a,b\n${i},x\n`,
      type: 'text/csv',
    }));
    const res = await uploadFiles(t, token, files);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('At most 15 files can be uploaded at once; 16 were sent.');
    await expectNothingStored();
  });

  it('when a file is over MAX_UPLOAD_MB, then 413 and the partial file is gone', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 0x20)]);
    const res = await uploadFiles(t, token, [
      { name: 'big.pdf', content: big, type: 'application/pdf' },
    ]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('"big.pdf" is larger than 1 MB, the most a file may have.');
    await expectNothingStored();
  });

  it('when a file name climbs out of its folder, then 400 and nothing is stored', async () => {
    for (const name of ['../../etc/passwd.pdf', '..\\..\\boot.pdf', '/tmp/abs.pdf']) {
      const res = await uploadFiles(t, token, [{ name, content: PDF, type: 'application/pdf' }]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`The file name "${name}" is not allowed.`);
    }
    await expectNothingStored();
  });

  it('when a .docx declares a giant unpacked size (a zip bomb), then 413 and nothing is stored', async () => {
    const bomb = zipDeclaring('word/document.xml', 4_000_000_000, ['[Content_Types].xml']);
    const res = await uploadFiles(t, token, [{ name: 'bomb.docx', content: bomb }]);
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/^"bomb\.docx" would unpack to more than 200 MB/);
    await expectNothingStored();
  });

  it('when a zip is named .xlsx but holds a Word document, then 415', async () => {
    const wordZip = zipDeclaring('word/document.xml', 4);
    const res = await uploadFiles(t, token, [{ name: 'sheet.xlsx', content: wordZip }]);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(
      '"sheet.xlsx" is not a Excel (xlsx) workbook: its content does not match its extension.',
    );
    await expectNothingStored();
  });

  it('when the declared type contradicts the extension, or the extension is not allowed, then 415', async () => {
    const declared = await uploadFiles(t, token, [
      { name: 'a.pdf', content: PDF, type: 'image/png' },
    ]);
    expect(declared.status).toBe(415);
    expect(declared.body.message).toBe(
      '"a.pdf" was sent as image/png, which does not fit a .pdf file.',
    );
    const exe = await uploadFiles(t, token, [{ name: 'setup.exe', content: EXE }]);
    expect(exe.status).toBe(415);
    expect(exe.body.message).toMatch(
      /^"setup\.exe" cannot be uploaded: allowed types are jpg, jpeg/,
    );
    const csv = await uploadFiles(t, token, [
      { name: 'data.csv', content: Buffer.from('a,b\n\u0000\u0001,2\n'), type: 'text/csv' },
    ]);
    expect(csv.status).toBe(415);
    expect(csv.body.message).toBe('"data.csv" is not a CSV text file: it contains binary data.');
    await expectNothingStored();
  });

  it('when no file or no department is sent, then 400 with the SPEC wording or the missing field', async () => {
    const none = await uploadFiles(t, token, []);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('No files selected for upload');
    const noDepartment = await uploadFiles(
      t,
      token,
      [{ name: 'a.csv', content: 'a\n1\n', type: 'text/csv' }],
      {},
    );
    expect(noDepartment.status).toBe(400);
    expect(noDepartment.body.message).toBe('Choose a department for the upload.');
    await expectNothingStored();
  });

  it('when one good and one bad file come together, then 200 lists 201 and 415 and only the good one is stored', async () => {
    const res = await uploadFiles(t, token, [
      { name: 'good.csv', content: 'city,people\nOslo,700000\n', type: 'text/csv' },
      { name: 'bad.pdf', content: EXE },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { status_code: number }) => i.status_code)).toEqual([201, 415]);
    expect(storedFiles(t)).toHaveLength(1);
    expect(await storedRows(t)).toMatchObject({ documents: 1, jobs: 1 });
  });

  it('when the same content is uploaded again to that department, then 409 and no second copy', async () => {
    const csv = { name: 'dup.csv', content: 'k,v\n1,2\n', type: 'text/csv' };
    const first = await uploadFiles(t, token, [csv]);
    expect(first.status).toBe(200);
    const files = storedFiles(t).length;
    const again = await uploadFiles(t, token, [{ ...csv, name: 'copy.csv' }]);
    expect(again.status).toBe(409);
    expect(again.body.items[0]).toMatchObject({
      status_code: 409,
      message: '"copy.csv" is already in this department as "dup.csv".',
    });
    expect(storedFiles(t)).toHaveLength(files);
    expect((await storedRows(t)).documents).toBe(1);
  });
});

describe.each(testDatabases)('web address refusals on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let site: Awaited<ReturnType<typeof localSite>>;
  beforeAll(async () => {
    // The test site is on 127.0.0.2 and only that address is allowed, so 127.0.0.1 stays refused.
    site = await localSite('127.0.0.2', {
      '/to-loopback': { status: 302, location: 'http://127.0.0.1:9/' },
      '/to-metadata': { status: 301, location: 'http://169.254.169.254/latest/meta-data/' },
      '/to-ftp': { status: 302, location: 'ftp://127.0.0.2/file' },
      '/loop': { status: 302, location: '{origin}/loop' },
    });
    t = await startTestApp(dialect, {
      URL_FETCH_ALLOW: '127.0.0.2',
      INGEST_CONCURRENCY: '0',
      URL_FETCH_TIMEOUT_MS: '3000',
    });
    token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const add = (urls: string[]) =>
    t.api('POST', '/api/upload/urls', { token, body: { urls, department: 1 } });

  it.each([
    [
      'http://127.0.0.1/',
      'http://127.0.0.1 resolves to a loopback address, which may not be fetched.',
      { code: 'refused', params: { origin: 'http://127.0.0.1', range: 'loopback' } },
    ],
    [
      'http://169.254.169.254/latest/meta-data/',
      'http://169.254.169.254 resolves to a link-local (cloud metadata) address, which may not be fetched.',
      {
        code: 'refused',
        params: { origin: 'http://169.254.169.254', range: 'link_local_metadata' },
      },
    ],
    [
      'http://[::1]:8080/',
      'http://[::1]:8080 resolves to a loopback address, which may not be fetched.',
      { code: 'refused', params: { origin: 'http://[::1]:8080', range: 'loopback' } },
    ],
    [
      'http://10.1.2.3/',
      'http://10.1.2.3 resolves to a private address, which may not be fetched.',
      { code: 'refused', params: { origin: 'http://10.1.2.3', range: 'private' } },
    ],
    [
      'ftp://example.com/file',
      'Only http and https addresses can be added; "ftp://example.com/file" uses ftp.',
      { code: 'scheme', params: { address: 'ftp://example.com/file', scheme: 'ftp' } },
    ],
    [
      'file:///etc/passwd',
      'Only http and https addresses can be added; "file:///etc/passwd" uses file.',
      { code: 'scheme', params: { address: 'file:///etc/passwd', scheme: 'file' } },
    ],
  ])(
    'when the address is %s, then 400 says why in English and as a code, and nothing is stored',
    async (url, message, text) => {
      const res = await add([url]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.items).toEqual([
        { url, status_code: 400, message, ...text, document_id: null },
      ]);
      expect(storedFiles(t)).toEqual([]);
      expect((await storedRows(t)).documents).toBe(0);
    },
  );

  it('when an allowed page redirects into loopback or metadata addresses, then 400 and nothing is stored', async () => {
    const loopback = await add([`${site.origin}/to-loopback`]);
    expect(loopback.status).toBe(400);
    expect(loopback.body.message).toBe(
      'http://127.0.0.1:9 resolves to a loopback address, which may not be fetched.',
    );
    const metadata = await add([`${site.origin}/to-metadata`]);
    expect(metadata.body.message).toBe(
      'http://169.254.169.254 resolves to a link-local (cloud metadata) address, which may not be fetched.',
    );
    const ftp = await add([`${site.origin}/to-ftp`]);
    expect(ftp.body.message).toMatch(
      /redirects to an address that may not be fetched: Only http and https/,
    );
    const loop = await add([`${site.origin}/loop`]);
    expect(loop.body.message).toBe(`${site.origin}/loop redirects more than 5 times.`);
    expect(storedFiles(t)).toEqual([]);
    expect(await storedRows(t)).toEqual({ documents: 0, jobs: 0, tables: 0 });
  });
});

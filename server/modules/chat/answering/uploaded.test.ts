import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDepartment, personWith, type Person } from '../../../test-support/identity';
import { writeCsv, writePdf } from '../../../test-support/knowledge-fixtures';
import { uploadFiles, waitForDocument } from '../../../test-support/knowledge';
import { startTestApp, testDatabases, type TestApp } from '../../../test-support/test-app';

/** The whole way: upload through the API, ingestion job, index, then the assistant. */
describe.each(testDatabases)('answers from uploaded files on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let editor: Person;
  let dept: number;
  const ids: Record<string, number> = {};

  const ask = (query: string) =>
    t.api('POST', '/api/chat/stuff', {
      token: editor.token,
      body: { query, department_id: dept },
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-chat-upload-'));
    t = await startTestApp(dialect);
    dept = await addDepartment(t);
    editor = await personWith(
      t,
      dept,
      'Documents.ADD',
      'Documents.LIST_VIEW',
      'Documents.DELETE',
      'Query.QUERY_DOCUMENT',
    );
    writePdf(join(dir, 'report.pdf'), 3, 'marmalade', 2);
    writeCsv(join(dir, 'stock.csv'), 'zucchini');
    const res = await uploadFiles(
      t,
      editor.token,
      ['report.pdf', 'stock.csv'].map((name) => ({
        name,
        content: readFileSync(join(dir, name)),
      })),
      { department_id: String(dept) },
    );
    for (const item of res.body.items) ids[item.file_name] = item.document_id;
    for (const id of Object.values(ids))
      expect((await waitForDocument(t, editor.token, id, 90_000)).status).toBe('ready');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when a question is about an uploaded pdf, then the answer cites it at the page that says so', async () => {
    const res = await ask('Who approved the quarterly marmalade budget?');
    expect(res.status).toBe(200);
    expect(res.body.answer).toContain('approved by the board [1]');
    expect(res.body.references[0]).toMatchObject({
      document_id: ids['report.pdf'],
      document_name: 'report.pdf',
      page: 2,
    });
  });

  it('when a question is about an uploaded csv, then the reference names the rows', async () => {
    const res = await ask('How many tonnes of zucchini came from Nantes?');
    expect(res.body.answer).toContain('45');
    const ref = res.body.references[0];
    expect(ref).toMatchObject({ document_id: ids['stock.csv'] });
    expect(ref.row_start).not.toBeNull();
  });

  it('when the pdf is moved to the recycle bin through the API, then it is no longer cited', async () => {
    const binned = await t.api('PUT', '/api/upload/update_soft_delete', {
      token: editor.token,
      body: { doc_ids: [ids['report.pdf']] },
    });
    expect(binned.status).toBe(200);
    const res = await ask('Who approved the quarterly marmalade budget?');
    expect(res.body.no_answer).toBe(true);
    expect(res.body.references).toEqual([]);
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourcePosition } from '../../../contract/knowledge';
import { createSearchIndex } from '../../services/search';
import {
  type KnowledgeFixture,
  writeKnowledgeFixtures,
  writeTruncatedPdf,
  writeZipBombDocx,
} from '../../test-support/knowledge-fixtures';
import {
  storedFiles,
  storedRows,
  uploadFiles,
  waitForDocument,
} from '../../test-support/knowledge';
import { startTestApp, TEST_ADMIN, testDatabases, type TestApp } from '../../test-support/test-app';

/** Where the word should be: the same page or heading, or a row range holding its row. */
function expectPosition(actual: SourcePosition, expected: SourcePosition) {
  if (expected.page !== null) expect(actual.page).toBe(expected.page);
  if (expected.heading !== null) expect(actual.heading).toBe(expected.heading);
  if (expected.sheet !== null) expect(actual.sheet).toBe(expected.sheet);
  if (expected.row_start !== null) {
    expect(actual.row_start).toBeLessThanOrEqual(expected.row_start);
    expect(actual.row_end).toBeGreaterThanOrEqual(expected.row_end ?? expected.row_start);
  }
}

describe.each(testDatabases)('every allowed type ends ready and searchable on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let dir: string;
  let fixtures: KnowledgeFixture[];
  const ids = new Map<string, number>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-types-'));
    const all = await writeKnowledgeFixtures(dir);
    // html is not an upload type: pages arrive by address (repository tests).
    fixtures = Object.values(all).filter((f) => f.kind !== 'html');
    t = await startTestApp(dialect);
    token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const res = await uploadFiles(
      t,
      token,
      fixtures.map((f) => ({ name: f.fileName, content: readFileSync(f.path) })),
    );
    expect(res.status).toBe(200);
    for (const item of res.body.items) {
      expect(item).toMatchObject({ status_code: 201 });
      ids.set(item.file_name, item.document_id);
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when the job has run, then each document is ready and its word is found in it, at its place', async () => {
    const index = createSearchIndex(t.database);
    for (const fixture of fixtures) {
      const id = ids.get(fixture.fileName) as number;
      const doc = await waitForDocument(t, token, id, 90_000);
      expect({ file: fixture.fileName, status: doc.status, error: doc.error }).toEqual({
        file: fixture.fileName,
        status: 'ready',
        error: null,
      });
      const hits = await index.search({ text: fixture.word, departmentIds: [1], limit: 5 });
      const hit = hits.find((h) => h.documentId === id);
      expect(hit, `${fixture.fileName}: ${fixture.word}`).toBeDefined();
      expectPosition(hit!.position, fixture.position);
    }
  }, 120_000);

  it('when a spreadsheet is ready, then its tables are kept for visual answers', async () => {
    const rows = await t.database.db
      .selectFrom('document_tables')
      .select(['document_id', 'name'])
      .where('document_id', 'in', [
        ids.get('sales.xlsx')!,
        ids.get('stock.xls')!,
        ids.get('produce.csv')!,
      ])
      .execute();
    expect(new Set(rows.map((r) => r.document_id)).size).toBe(3);
  });

  it('when a pdf is truncated, then it is stored but ends failed with a reason', async () => {
    writeTruncatedPdf(join(dir, 'cut.pdf'));
    const res = await uploadFiles(t, token, [
      { name: 'cut.pdf', content: readFileSync(join(dir, 'cut.pdf')) },
    ]);
    expect(res.status).toBe(200);
    const doc = await waitForDocument(t, token, res.body.items[0].document_id, 60_000);
    expect(doc.status).toBe('failed');
    expect(doc.error).toEqual(expect.any(String));
    expect(doc.error.length).toBeGreaterThan(10);
  });

  it('when a .docx is a zip bomb, then 413 and nothing is stored', async () => {
    writeZipBombDocx(join(dir, 'bomb.docx'));
    const files = storedFiles(t).length;
    const rows = await storedRows(t);
    const res = await uploadFiles(t, token, [
      { name: 'bomb.docx', content: readFileSync(join(dir, 'bomb.docx')) },
    ]);
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/^"bomb\.docx" would unpack to more than 200 MB/);
    expect(storedFiles(t)).toHaveLength(files);
    expect(await storedRows(t)).toEqual(rows);
  });
});

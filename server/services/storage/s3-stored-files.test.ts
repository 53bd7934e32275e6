/**
 * The whole app with STORAGE_URL set: uploads, fetched pages and SOP files land in the bucket
 * (nothing under STORAGE_DIR but emptied temporary space), are read back from it by the
 * ingestion jobs and the downloads, and a row that cannot be written takes its object back out.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeScanPdf } from '../../test-support/knowledge-fixtures';
import { localSite, storedFiles, uploadFiles, waitForDocument } from '../../test-support/knowledge';
import { startS3Server, type S3Server } from '../../test-support/s3-server';
import { addClient, createSop, sopFile, uploadSop } from '../../test-support/sop';
import { sopPdf } from '../../test-support/sop-fixture';
import { createSearchIndex } from '../search';
import {
  startTestApp,
  TEST_ADMIN,
  TEST_API_KEY,
  testDatabases,
  type TestApp,
} from '../../test-support/test-app';

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p></main></body></html>`;

/** The node's own disk once the job that read a copy of an object has ended (no file left). */
async function localFilesSettled(t: TestApp): Promise<string[]> {
  const deadline = Date.now() + 5000;
  while (storedFiles(t).length > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  return storedFiles(t);
}

/** Makes every insert (or update) of `table` fail, as a database refusing a row does. */
async function refuseRows(
  t: TestApp,
  table: string,
  event: 'INSERT' | 'UPDATE' = 'INSERT',
): Promise<() => Promise<void>> {
  const db = t.database.db;
  const trigger = sql.raw(`refuse_${event.toLowerCase()}_${table}`);
  const on = sql.raw(`BEFORE ${event} ON`);
  if (t.database.dialect === 'sqlite') {
    await sql`CREATE TRIGGER ${trigger} ${on} ${sql.table(table)} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`.execute(
      db,
    );
  } else {
    await sql`CREATE OR REPLACE FUNCTION refuse_row() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql`.execute(
      db,
    );
    await sql`CREATE TRIGGER ${trigger} ${on} ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION refuse_row()`.execute(
      db,
    );
  }
  return async () => {
    await sql`DROP TRIGGER ${trigger}${sql.raw(t.database.dialect === 'postgres' ? ` ON ${table}` : '')}`.execute(
      db,
    );
  };
}

describe.each(testDatabases)('stored files in an S3 bucket on %s', (dialect) => {
  let s3: S3Server;
  let t: TestApp;
  let admin: string;
  let site: Awaited<ReturnType<typeof localSite>>;
  const prefix = `api-${dialect}-${Date.now()}`;
  const objects = () => s3.keys(`${prefix}/`);

  beforeAll(async () => {
    s3 = await startS3Server();
    site = await localSite('127.0.0.1', {
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /' },
      '/ferry': { body: page('Ferry', 'The ferry to Tromsø leaves when the walrus waves.') },
      '/quay': { body: page('Quay', 'The quay master counts every puffin.') },
      '/pier': { body: page('Pier', 'Nobody keeps this page: its row is refused.') },
      '/sitemap.xml': {
        type: 'application/xml',
        body: '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>{origin}/ferry</loc></url></urlset>',
      },
    });
    // A page a turn: a scan is read in several turns, each from its own copy of the object.
    t = await startTestApp(dialect, {
      URL_FETCH_ALLOW: '127.0.0.1',
      OCR_TURN_SECONDS: '0',
      ...s3.env(prefix),
    });
    admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await s3?.stop();
  });

  it('when a document is uploaded, then it is stored in the bucket, read from there until ready, and downloads as the same bytes', async () => {
    const content = 'city,notes\nOslo,plain\nBergen,quokka harbour\n';
    const res = await uploadFiles(t, admin, [{ name: 'ports.csv', content, type: 'text/csv' }]);
    expect(res.status).toBe(200);
    const id = res.body.items[0].document_id as number;
    expect(await waitForDocument(t, admin, id)).toMatchObject({ status: 'ready' });
    const row = await t.database.db
      .selectFrom('documents')
      .select('storage_path')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await objects()).toContain(`${prefix}/${row.storage_path}`);
    // Nothing stays on the node's own disk: the upload's temporary file and the job's copy go.
    expect(await localFilesSettled(t)).toEqual([]);
    const file = await t.api('GET', `/api/upload/documents/${id}/download`, { token: admin });
    expect(file.status).toBe(200);
    expect(file.raw).toBe(content);
    expect(file.headers['content-length']).toBe(String(Buffer.byteLength(content)));
  }, 60_000);

  it('when a scanned pdf is uploaded, then its pages are read with OCR turn by turn from the bucket and no copy stays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-s3-scan-'));
    try {
      const path = join(dir, 'scan.pdf');
      writeScanPdf(path, [
        { text: ['Mooring rules: the quartermaster assigns every berth.'] },
        { scan: ['SLIPWAY CHECKED', 'BY THE HARBOUR MASTER'] },
        { scan: ['PERMIT CHECKED', 'BY THE HARBOUR MASTER'] },
      ]);
      const res = await uploadFiles(t, admin, [{ name: 'scan.pdf', content: readFileSync(path) }]);
      const id = res.body.items[0].document_id as number;
      expect(await waitForDocument(t, admin, id, 120_000)).toMatchObject({
        status: 'ready',
        page_count: 3,
      });
      const found = await createSearchIndex(t.database).search({
        text: 'PERMIT',
        departmentIds: [1],
        limit: 5,
      });
      expect(found[0]).toMatchObject({ documentId: id });
      expect(await localFilesSettled(t)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  it('when a sitemap is added, then it and its page are fetched into the bucket and become ready', async () => {
    const before = (await objects()).length;
    const res = await t.api('POST', '/api/upload/urls', {
      token: admin,
      body: { urls: [`${site.origin}/sitemap.xml`], department: 1 },
    });
    expect(res.status).toBe(200);
    const sitemapId = res.body.items[0].document_id as number;
    expect(await waitForDocument(t, admin, sitemapId)).toMatchObject({
      status: 'ready',
      page_count: 1,
    });
    const pages = (
      await t.api('GET', `/api/upload/uploaded/documents?parent_id=${sitemapId}`, { token: admin })
    ).body.items.filter((d: { parent_id: number | null }) => d.parent_id === sitemapId);
    expect(await waitForDocument(t, admin, pages[0].id)).toMatchObject({ status: 'ready' });
    expect(await objects()).toHaveLength(before + 2);
    expect(await localFilesSettled(t)).toEqual([]);
  }, 60_000);

  it('when an SOP is uploaded, then its PDF is kept in the bucket and viewed as the same bytes', async () => {
    const before = (await objects()).length;
    const sop = await createSop(t, admin);
    expect(await objects()).toHaveLength(before + 1);
    const view = await t.api('GET', `/api/sop/documents/${sop.id}`, { token: admin });
    expect(view.status).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sop/documents/${sop.id}`,
      headers: { authorization: `Bearer ${admin}`, 'x-api-key': TEST_API_KEY },
    });
    expect(res.rawPayload.equals(sopPdf())).toBe(true);
  }, 60_000);

  it('when the document row cannot be written after the upload, then the answer is an error and no object stays', async () => {
    const before = await objects();
    const allow = await refuseRows(t, 'documents');
    try {
      const upload = await uploadFiles(t, admin, [
        { name: 'lost.csv', content: 'a,b\n1,walrus\n', type: 'text/csv' },
      ]);
      expect(upload.status).toBe(500);
      const fetched = await t.api('POST', '/api/upload/urls', {
        token: admin,
        body: { urls: [`${site.origin}/pier`], department: 1 },
      });
      expect(fetched.status).toBe(500);
    } finally {
      await allow();
    }
    expect(await objects()).toEqual(before);
    expect(await localFilesSettled(t)).toEqual([]);
    const listed = await t.api('GET', '/api/upload/uploaded/documents?search=lost', {
      token: admin,
    });
    expect(listed.body.items).toEqual([]);
  }, 60_000);

  it('when a re-synced page cannot be recorded, then its new copy is removed and the old one still downloads', async () => {
    const added = await t.api('POST', '/api/upload/urls', {
      token: admin,
      body: { urls: [`${site.origin}/quay`], department: 1 },
    });
    const id = added.body.items[0].document_id as number;
    expect(await waitForDocument(t, admin, id)).toMatchObject({ status: 'ready' });
    const before = await objects();
    const allow = await refuseRows(t, 'documents', 'UPDATE');
    try {
      const resync = await t.api('POST', `/api/upload/documents/${id}/resync`, { token: admin });
      expect(resync.status).toBe(500);
    } finally {
      await allow();
    }
    expect(await objects()).toEqual(before);
    const file = await t.api('GET', `/api/upload/documents/${id}/download`, { token: admin });
    expect(file.status).toBe(200);
    expect(file.raw).toContain('The quay master counts every puffin.');
  }, 60_000);

  it('when the SOP row cannot be written after its file is stored, then the answer is an error and no object stays', async () => {
    const clientId = await addClient(t, admin, 'Initech');
    const before = await objects();
    const allow = await refuseRows(t, 'sop_documents');
    try {
      const res = await uploadSop(
        t,
        admin,
        {
          department_id: '1',
          client_id: String(clientId),
          industry: 'Retail',
          product_type: 'Textiles',
        },
        [sopFile('refused-sop.pdf')],
      );
      expect(res.status).toBe(500);
    } finally {
      await allow();
    }
    expect(await objects()).toEqual(before);
    expect(await localFilesSettled(t)).toEqual([]);
  }, 60_000);
});

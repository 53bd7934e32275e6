import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsPageSchema, knowledgeDocumentSchema } from '../../../contract/knowledge';
import { createSearchIndex } from '../../services/search';
import { addDepartment, personWith } from '../../test-support/identity';
import {
  localSite,
  storedFiles,
  storedRows,
  uploadFiles,
  waitForDocument,
} from '../../test-support/knowledge';
import { startTestApp, TEST_ADMIN, testDatabases, type TestApp } from '../../test-support/test-app';

const csv = (word: string) => `city,notes\nOslo,plain\nBergen,${word} harbour\n`;
const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav>Menu Home About</nav><main><h1>${title}</h1><p>${body}</p></main></body></html>`;

describe.each(testDatabases)('repository on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let site: Awaited<ReturnType<typeof localSite>>;
  const routes: Parameters<typeof localSite>[1] = {};
  const search = (text: string, departmentIds = [1]) =>
    createSearchIndex(t.database).search({ text, departmentIds, limit: 10 });

  beforeAll(async () => {
    Object.assign(routes, {
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private' },
      '/guide': { body: page('Guide', 'The lighthouse keeper logs every albatross sighting.') },
      '/a': { body: page('Page A', 'Alpha page mentions the word quetzal.') },
      '/b': { body: page('Page B', 'Beta page mentions the word narwhal.') },
      '/sitemap.xml': {
        type: 'application/xml',
        body: '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>{origin}/a</loc></url><url><loc>{origin}/b</loc></url></urlset>',
      },
      '/private/x': { body: page('Private', 'secret') },
    });
    site = await localSite('127.0.0.1', routes);
    t = await startTestApp(dialect, { URL_FETCH_ALLOW: '127.0.0.1' });
    admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('when a csv is uploaded with need_summary, then it becomes ready, is listed with its uploader and summary, and its word is found', async () => {
    const res = await uploadFiles(
      t,
      admin,
      [{ name: 'cities.csv', content: csv('pelican'), type: 'text/csv' }],
      {
        department_id: '1',
        need_summary: 'true',
      },
    );
    expect(res.status).toBe(200);
    const id = res.body.items[0].document_id as number;
    const doc = knowledgeDocumentSchema.parse(await waitForDocument(t, admin, id));
    expect(doc).toMatchObject({
      name: 'cities.csv',
      type: 'csv',
      status: 'ready',
      is_url: false,
      department_name: 'General',
      need_summary: true,
      soft_delete: false,
    });
    expect(doc.uploaded_by?.name).toBeTruthy();
    expect(doc.summary).toMatch(/pelican/);
    expect(doc.chunk_count).toBeGreaterThan(0);
    const hits = await search('pelican');
    expect(hits[0]).toMatchObject({ documentId: id });
    const list = documentsPageSchema.parse(
      (await t.api('GET', '/api/upload/uploaded/documents', { token: admin })).body,
    );
    expect(list).toMatchObject({ page: 1, size: 100 });
    expect(list.items.map((d) => d.id)).toContain(id);
  }, 90_000);

  it('when a document is soft deleted, then it leaves the list for the recycle bin, is not searched, and flipping again restores it', async () => {
    const res = await uploadFiles(t, admin, [
      { name: 'bin.csv', content: csv('wombat'), type: 'text/csv' },
    ]);
    const id = res.body.items[0].document_id as number;
    await waitForDocument(t, admin, id);
    const flip = () =>
      t.api('PUT', '/api/upload/update_soft_delete', { token: admin, body: { doc_ids: [id] } });
    const ids = async (query: string) =>
      (
        await t.api('GET', `/api/upload/uploaded/documents${query}`, { token: admin })
      ).body.items.map((d: { id: number }) => d.id);

    expect((await flip()).body.items[0]).toMatchObject({ id, soft_delete: true });
    expect(await ids('')).not.toContain(id);
    expect(await ids('?soft_delete=true')).toContain(id);
    expect((await search('wombat')).map((h) => h.documentId)).not.toContain(id);

    expect((await flip()).body.items[0]).toMatchObject({ id, soft_delete: false });
    expect(await ids('')).toContain(id);
    expect((await search('wombat')).map((h) => h.documentId)).toContain(id);
  });

  it('when documents are deleted for good, then rows, files and index entries are gone', async () => {
    const res = await uploadFiles(t, admin, [
      { name: 'gone.csv', content: csv('ocelot'), type: 'text/csv' },
    ]);
    const id = res.body.items[0].document_id as number;
    await waitForDocument(t, admin, id);
    const before = { files: storedFiles(t).length, rows: await storedRows(t) };
    const del = await t.api('POST', '/api/delete/documents/all', {
      token: admin,
      body: { ids: [id] },
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ deleted: 1 });
    expect(storedFiles(t)).toHaveLength(before.files - 1);
    expect((await storedRows(t)).documents).toBe(before.rows.documents - 1);
    expect(await search('ocelot')).toEqual([]);
    expect((await t.api('GET', `/api/upload/documents/${id}`, { token: admin })).status).toBe(404);
  });

  it('when the original is downloaded, then the same bytes come back as an attachment', async () => {
    const content = csv('manatee');
    const res = await uploadFiles(t, admin, [{ name: 'orig.csv', content, type: 'text/csv' }]);
    const id = res.body.items[0].document_id as number;
    const file = await t.api('GET', `/api/upload/documents/${id}/download`, { token: admin });
    expect(file.status).toBe(200);
    expect(file.raw).toBe(content);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="orig.csv"; filename*=UTF-8''orig.csv`,
    );
  });

  it('when a user holds Documents rights in one department only, then uploads, lists and deletes stay inside it', async () => {
    const other = await addDepartment(t);
    const clerk = await personWith(t, other, 'Documents.ADD', 'Documents.LIST_VIEW');
    const filesBefore = storedFiles(t).length;
    const outside = await uploadFiles(
      t,
      clerk.token,
      [{ name: 'x.csv', content: csv('lynx'), type: 'text/csv' }],
      {
        department_id: '1',
      },
    );
    expect(outside.status).toBe(403);
    expect(outside.body.message).toBe('You may not add documents to this department.');
    expect(storedFiles(t)).toHaveLength(filesBefore);

    const inside = await uploadFiles(
      t,
      clerk.token,
      [{ name: 'mine.csv', content: csv('lynx'), type: 'text/csv' }],
      {
        department_id: String(other),
      },
    );
    expect(inside.status).toBe(200);
    const mine = inside.body.items[0].document_id as number;
    const listed = (await t.api('GET', '/api/upload/uploaded/documents', { token: clerk.token }))
      .body.items;
    expect(listed.map((d: { department_id: number }) => d.department_id)).toEqual([other]);
    const general = (
      await t.api('GET', '/api/upload/uploaded/documents?department_id=1', { token: admin })
    ).body.items[0].id;
    expect(
      (await t.api('GET', `/api/upload/documents/${general}`, { token: clerk.token })).status,
    ).toBe(404);
    // LIST_VIEW only: moving to the recycle bin takes Documents.DELETE.
    const bin = await t.api('PUT', '/api/upload/update_soft_delete', {
      token: clerk.token,
      body: { doc_ids: [mine] },
    });
    expect(bin.status).toBe(403);

    const reader = await personWith(t, other, 'Documents.LIST_VIEW');
    expect(
      (await uploadFiles(t, reader.token, [{ name: 'y.csv', content: 'a\n1\n', type: 'text/csv' }]))
        .status,
    ).toBe(403);
  });

  it('when a web page is added, then its main text is indexed; a robots.txt-disallowed page is refused', async () => {
    const res = await t.api('POST', '/api/upload/urls', {
      token: admin,
      body: {
        urls: [`${site.origin}/guide`, `${site.origin}/private/x`],
        advanced_training: false,
        department: 1,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.items[1]).toMatchObject({
      status_code: 400,
      message: `robots.txt of ${site.origin.replace('http://', '')} does not allow fetching /private/x.`,
    });
    const id = res.body.items[0].document_id as number;
    const doc = await waitForDocument(t, admin, id);
    expect(doc).toMatchObject({
      status: 'ready',
      is_url: true,
      type: 'html',
      name: `${site.origin}/guide`,
    });
    expect((await search('albatross'))[0]).toMatchObject({ documentId: id });
    // An answer quoting the page names it by its <title> beside its address.
    const answer = await t.api('POST', '/api/chat/stuff', {
      token: admin,
      body: { query: 'Who logs every albatross sighting?', department_id: 1 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.references[0]).toMatchObject({
      document_id: id,
      document_name: `${site.origin}/guide`,
      document_title: 'Guide',
    });
    expect(answer.body.answer).toContain('The lighthouse keeper logs every albatross sighting');
    const again = await t.api('POST', '/api/upload/urls', {
      token: admin,
      body: { urls: [`${site.origin}/guide`], department: 1 },
    });
    expect(again.status).toBe(409);
  }, 90_000);
  it('when a sitemap is added, then each listed page becomes a ready document of it; deleting the sitemap removes them all', async () => {
    const res = await t.api('POST', '/api/upload/urls', {
      token: admin,
      body: { urls: [`${site.origin}/sitemap.xml`], department: 1 },
    });
    expect(res.status).toBe(200);
    const sitemapId = res.body.items[0].document_id as number;
    const sitemap = await waitForDocument(t, admin, sitemapId);
    expect(sitemap).toMatchObject({ type: 'sitemap', status: 'ready', page_count: 2 });
    // The plain list shows the sitemap for its pages; parent_id lists them.
    const listed = await t.api('GET', '/api/upload/uploaded/documents?is_url=true', {
      token: admin,
    });
    expect(listed.body.items.map((d: { id: number }) => d.id)).toContain(sitemapId);
    expect(listed.body.items.some((d: { parent_id: number | null }) => d.parent_id !== null)).toBe(
      false,
    );
    const pages = (
      await t.api('GET', `/api/upload/uploaded/documents?parent_id=${sitemapId}`, { token: admin })
    ).body.items.filter((d: { parent_id: number | null }) => d.parent_id === sitemapId);
    expect(pages).toHaveLength(2);
    // A search looks through the pages too.
    const found = await t.api('GET', '/api/upload/uploaded/documents?search=%2Fb', {
      token: admin,
    });
    expect(found.body.items.map((d: { name: string }) => d.name)).toContain(`${site.origin}/b`);
    expect(pages.map((d: { name: string }) => d.name).sort()).toEqual([
      `${site.origin}/a`,
      `${site.origin}/b`,
    ]);
    for (const p of pages)
      expect(await waitForDocument(t, admin, p.id)).toMatchObject({ status: 'ready' });
    expect((await search('narwhal'))[0].documentId).toBe(
      pages.find((p: { name: string }) => p.name.endsWith('/b')).id,
    );

    const del = await t.api('POST', '/api/delete/url/sitemap', {
      token: admin,
      body: { urls: [`${site.origin}/sitemap.xml`] },
    });
    expect(del.body).toEqual({ deleted: 3 });
    expect(await search('quetzal')).toEqual([]);
  }, 90_000);

  it('when an address is re-synced after its page changed, then the new text replaces the old, without duplicate chunks', async () => {
    routes['/news'] = { body: page('News', 'Today the harbour welcomed a flamingo.') };
    const res = await t.api('POST', '/api/upload/urls', {
      token: admin,
      body: { urls: [`${site.origin}/news`], department: 1 },
    });
    const id = res.body.items[0].document_id as number;
    const first = await waitForDocument(t, admin, id);
    routes['/news'] = { body: page('News', 'Today the harbour welcomed a cormorant.') };
    const resync = await t.api('POST', `/api/upload/documents/${id}/resync`, { token: admin });
    expect(resync.status).toBe(200);
    expect(resync.body.status).toBe('queued');
    const second = await waitForDocument(t, admin, id);
    expect(second.status).toBe('ready');
    expect(second.chunk_count).toBe(first.chunk_count);
    expect((await search('cormorant')).map((h) => h.documentId)).toEqual([id]);
    expect((await search('flamingo')).map((h) => h.documentId)).not.toContain(id);
    const file = await uploadFiles(t, admin, [
      { name: 'r.csv', content: 'a\n1\n', type: 'text/csv' },
    ]);
    const notUrl = await t.api(
      'POST',
      `/api/upload/documents/${file.body.items[0].document_id}/resync`,
      { token: admin },
    );
    expect(notUrl.status).toBe(400);
  }, 90_000);
});

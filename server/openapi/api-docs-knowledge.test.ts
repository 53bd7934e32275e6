import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDocumentRow, SALES_TABLE } from '../test-support/document-rows';
import { letters } from '../test-support/identity';
import { localSite, waitForDocument } from '../test-support/knowledge';
import { createSop, seaShipment, sopFile } from '../test-support/sop';
import { describeApi, type SuiteApp } from '../test-support/test-app';
import { expectDocumented, readDocument, validationRecorder } from './docs-check';
import { knowledgeRouteSchemas } from './route-schemas-knowledge';

type Call = ReturnType<typeof validationRecorder>['call'];

const page = (title: string, text: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><p>${text}</p></body></html>`;
let site: Awaited<ReturnType<typeof localSite>>;
beforeAll(async () => {
  site = await localSite('127.0.0.1', {
    '/guide': { body: page('Guide', 'The lighthouse keeper logs every albatross sighting.') },
    '/a': { body: page('Page A', 'Alpha page mentions the word quetzal.') },
    '/sitemap.xml': {
      type: 'application/xml',
      body: '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>{origin}/a</loc></url></urlset>',
    },
  });
});
afterAll(() => site?.close());

/** Web addresses (the only documents a re-sync takes) and a sitemap, read, then removed. */
async function knowledgeCalls(t: SuiteApp, call: Call) {
  const add = async (url: string) => {
    const urls = '/api/upload/urls';
    const res = await call('POST', urls, urls, { urls: [url], department: 1 });
    expect(res.status, res.raw).toBe(200);
    const id = res.body.items[0].document_id as number;
    expect((await waitForDocument(t, t.admin, id)).status).toBe('ready');
    return id;
  };
  const id = await add(`${site.origin}/guide`);
  await add(`${site.origin}/sitemap.xml`);
  const one = '/api/upload/documents/:id';
  await call('GET', `/api/upload/documents/${id}`, one);
  await call('POST', `/api/upload/documents/${id}/resync`, `${one}/resync`);
  await waitForDocument(t, t.admin, id);
  const softDelete = '/api/upload/update_soft_delete';
  await call('PUT', softDelete, softDelete, { doc_ids: [id] });
  await call('POST', '/api/delete/documents/all', '/api/delete/documents/all', { ids: [id] });
  await call('POST', '/api/delete/url/sitemap', '/api/delete/url/sitemap', {
    urls: [`${site.origin}/sitemap.xml`],
  });
}

/** A conversation over three answers, its use and removal, then a chart from a sheet. */
async function chatCalls(t: SuiteApp, call: Call) {
  const question = { query: 'Who logs the albatross sightings?', department_id: 1 };
  const first = (await call('POST', '/api/chat/stuff', '/api/chat/stuff', question)).body;
  const chatId = first.chat_id as string;
  const events = { accept: 'text/event-stream' };
  for (const path of ['/api/chat/stuff', '/api/chat/stuff-v2', '/api/chat/stuff-v3']) {
    if (path !== '/api/chat/stuff')
      await call('POST', path, path, { ...question, chat_id: chatId });
    // The same route, streamed: its `done` event carries the documented answer.
    const streamed = await call('POST', path, path, { ...question, chat_id: chatId }, events);
    expect(streamed.raw).toMatch(/^event: meta\n[\s\S]*event: done\ndata: \{/m);
  }
  await call('GET', '/api/chat/conversations', '/api/chat/conversations');
  const one = '/api/chat/conversations/:chat_id';
  await call('GET', `/api/chat/conversations/${chatId}`, one);
  await call('PUT', `/api/chat/conversations/${chatId}`, one, { title: 'Docs conversation' });
  await call('POST', '/api/chat/get-rec-ques', '/api/chat/get-rec-ques', { chat_id: chatId });
  await call('POST', '/api/chat/feedback', '/api/chat/feedback', {
    message_id: first.message_id,
    rating: 'up',
  });
  await call('DELETE', `/api/chat/conversations/${chatId}`, one);
  await addDocumentRow(t, {
    departmentId: 1,
    name: 'regional_sales.xlsx',
    type: 'xlsx',
    tables: [SALES_TABLE],
  });
  const chart = { query: 'Show me a chart of revenue by region' };
  await call('POST', '/api/chat/visual_router', '/api/chat/visual_router', chart);
  const svg = await call('POST', '/api/chat/generate_visual', '/api/chat/generate_visual', chart);
  expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
}

/** An SOP with a reference, its lookups and a checklist, then archived and deleted. */
async function sopCalls(t: SuiteApp, call: Call) {
  const sop = await createSop(t, t.admin, [{ ...sopFile('ref.pdf'), field: 'reference_files' }]);
  for (const list of ['/api/sop/documents', '/api/sop/archived/documents'])
    await call('GET', list, list);
  const view = await call('GET', `/api/sop/documents/${sop.id}`, '/api/sop/documents/:id');
  expect(view.headers['content-type']).toBe('application/pdf');
  const referenceId = sop.references[0].id;
  const reference = '/api/sop/documents/references/:id';
  await call('GET', `/api/sop/documents/references/${referenceId}`, reference);
  await call('GET', '/api/sop/countries?lng=en', '/api/sop/countries');
  for (const list of ['/api/sop/clients', '/api/sop/departments']) await call('GET', list, list);
  const client = await call(
    'POST',
    `/api/sop/clients/Docs${letters()}`,
    '/api/sop/clients/:first_name',
  );
  expect(client.status).toBe(201);

  const checklist = '/api/sop/checklists';
  const created = await call('POST', checklist, checklist, seaShipment(sop.id));
  expect(created.status).toBe(201);
  const checklistId = created.body.id as number;
  await call('GET', `${checklist}/${checklistId}`, `${checklist}/:id`);
  await call('GET', `${checklist}/${checklistId}/versions`, `${checklist}/:id/versions`);
  const references = await call(
    'GET',
    `${checklist}/references/${checklistId}`,
    `${checklist}/references/:id`,
  );
  expect(references.body.items).toHaveLength(1);
  await call('DELETE', checklist, checklist, { document_ids: [checklistId] });

  const refs = '/api/sop/documents/references';
  await call('DELETE', refs, refs, { reference_ids: [referenceId] });
  const comments = 'Replaced by the docs test';
  await call('DELETE', '/api/sop/documents', '/api/sop/documents', {
    document_ids: [sop.id],
    comments,
  });
  const archived = '/api/sop/archived/documents';
  await call('PUT', `${archived}/unarchive/${sop.id}`, `${archived}/unarchive/:id`);
  await call('PUT', `${archived}/${sop.id}`, `${archived}/:id`, { comments });
  await call('DELETE', '/api/sop/archived', '/api/sop/archived', { document_ids: [sop.id] });
}

describeApi(
  'live API documentation of knowledge, assistant and SOP',
  { env: { URL_FETCH_ALLOW: '127.0.0.1' } },
  (t) => {
    it('when each knowledge, assistant and SOP route is called, then it validates exactly the documented shapes', async () => {
      const doc = await readDocument(t);
      const { call, seen } = validationRecorder(t);
      await knowledgeCalls(t, call);
      await chatCalls(t, call);
      await sopCalls(t, call);
      expectDocumented(doc, knowledgeRouteSchemas, seen);
    });
  },
);

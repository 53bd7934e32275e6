import { expect, it } from 'vitest';
import { addDepartment } from '../test-support/identity';
import { waitForDocument } from '../test-support/knowledge';
import { addClient, seaShipment, sopFile } from '../test-support/sop';
import { describeApi, type SuiteApp } from '../test-support/test-app';
import { expectDocumented, readDocument, validationRecorder } from './docs-check';
import { fileRouteSchemas } from './route-schemas-files';

type Recorder = ReturnType<typeof validationRecorder>;

/** A csv uploaded with every declared field, then fetched as a pdf and as it was sent. */
async function knowledgeFiles(t: SuiteApp, { upload, call }: Recorder) {
  const department = await addDepartment(t);
  const content = 'city,animal\nLisbon,pangolin\nPorto,ibex\n';
  const sent = await upload('POST', '/api/upload/docs', '/api/upload/docs', {
    fields: { department_id: String(department), advanced_training: 'true', need_summary: 'yes' },
    files: [{ name: 'docs-animals.csv', content, type: 'text/csv', field: 'files' }],
  });
  expect(sent.body.items[0].status_code, sent.raw).toBe(201);
  const id = sent.body.items[0].document_id as number;
  // Each text field was read under its declared name: none of them is the default.
  const stored = await waitForDocument(t, t.admin, id);
  expect(stored).toMatchObject({
    status: 'ready',
    department_id: department,
    advanced_training: true,
    need_summary: true,
  });
  const pdf = await call('GET', `/api/download/${id}`, '/api/download/:id');
  expect(pdf.headers['content-type']).toBe('application/pdf');
  const original = '/api/upload/documents/:id/download';
  const file = await call('GET', `/api/upload/documents/${id}/download`, original);
  expect(file.headers['content-type']).toMatch(/^text\/csv/);
  expect(file.raw).toBe(content);
}

/** An SOP with a reference, a new version of it, and one more reference, each by its fields. */
async function sopFiles(t: SuiteApp, { upload }: Recorder) {
  const clientId = await addClient(t, t.admin, 'Docsfiles');
  const created = await upload('POST', '/api/sop/documents', '/api/sop/documents', {
    fields: {
      department_id: '1',
      client_id: String(clientId),
      industry: 'Retail',
      product_type: 'Textiles',
    },
    files: [
      { ...sopFile('docs-sop.pdf'), field: 'files' },
      { ...sopFile('docs-ref.pdf'), field: 'reference_files' },
    ],
  });
  const sop = created.body.items[0];
  expect(sop).toMatchObject({ client_id: clientId, industry: 'Retail' });
  expect(sop.references).toHaveLength(1);
  const update = '/api/sop/documents/update/:id';
  const replaced = await upload('PUT', `/api/sop/documents/update/${sop.id}`, update, {
    fields: {},
    files: [{ ...sopFile('docs-sop-v2.pdf'), field: 'file' }],
  });
  expect(replaced.body.versions).toHaveLength(2);
  const reference = '/api/sop/documents/reference';
  const added = await upload('POST', reference, reference, {
    fields: { document_id: String(sop.id) },
    files: [{ ...sopFile('docs-ref-2.pdf'), field: 'reference_files' }],
  });
  expect(added.body.references).toHaveLength(2);
  return sop.id as number;
}

/** A checklist saved and exported in each format, and the report export in each format. */
async function exports(t: SuiteApp, { call }: Recorder, sopId: number) {
  const generated = await t.api('POST', '/api/sop/checklists', {
    token: t.admin,
    body: seaShipment(sopId),
  });
  expect(generated.status, generated.raw).toBe(201);
  const checklist = generated.body;
  const save = '/api/sop/save_checklist';
  const items = [{ id: checklist.items[0].id, done: true }];
  await call('POST', save, save, { checklist_id: checklist.id, checklist_data: { items } });
  const types = { pdf: 'application/pdf', csv: 'text/csv', xlsx: 'application/vnd.openxml' };
  const exportChecklist = '/api/sop/export_checklist';
  for (const [export_type, type] of Object.entries(types)) {
    const body = { checklist_id: checklist.id, export_type };
    const file = await call('POST', `${exportChecklist}?lng=en`, exportChecklist, body);
    expect(file.headers['content-type']).toMatch(new RegExp(`^${type}`));
    const report = '/api/reports/analytics/export/';
    const answer = await call('GET', `${report}?export_format=${export_type}`, report);
    expect(answer.headers['content-type']).toMatch(new RegExp(`^${type}`));
  }
}

describeApi('live API documentation of uploads and file answers', (t) => {
  it('when each multipart and file route is called with its declared fields, then it validates exactly the documented shapes and answers the documented types', async () => {
    const recorder = validationRecorder(t);
    await knowledgeFiles(t, recorder);
    const sopId = await sopFiles(t, recorder);
    await exports(t, recorder, sopId);
    expectDocumented(await readDocument(t), fileRouteSchemas, recorder.seen);
  });
});

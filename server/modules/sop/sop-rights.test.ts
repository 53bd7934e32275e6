import { expect, it } from 'vitest';
import { checklistSchema } from '../../../contract/sop';
import { personWith } from '../../test-support/identity';
import { storedFiles } from '../../test-support/knowledge';
import { addClient, createSop, seaShipment, sopFile, uploadSop } from '../../test-support/sop';
import { describeApi, TEST_API_KEY } from '../../test-support/test-app';

/** Department scope and the Sop rights of checklists and SOP documents (SPEC §6). */
describeApi('SOP rights per department', (t) => {
  const all = ['Sop.LIST_VIEW', 'Sop.ADD', 'Sop.UPDATE', 'Sop.DELETE', 'Sop.DOWNLOAD'] as const;
  const elsewhere = async (name: string) => {
    const dept = await t.api('POST', '/api/departments', {
      token: t.admin,
      body: { name, description: '' },
    });
    return personWith(t, dept.body.id, ...all);
  };

  it("when staff of another department ask for a department's checklists, then they cannot list, read, save, export or delete them", async () => {
    const sop = await createSop(t, t.admin);
    const created = checklistSchema.parse(
      (await t.api('POST', '/api/sop/checklists', { token: t.admin, body: seaShipment(sop.id) }))
        .body,
    );
    const outsider = await elsewhere('Sop Rights Two');
    const token = outsider.token;
    const listed = await t.api('GET', `/api/sop/checklists?checklist_id=${created.id}`, { token });
    expect(listed.body.total).toBe(0);
    expect((await t.api('GET', '/api/sop/checklists', { token })).body.total).toBe(0);
    expect((await t.api('GET', `/api/sop/checklists/${created.id}`, { token })).status).toBe(404);
    expect(
      (await t.api('GET', `/api/sop/checklists/${created.id}/versions`, { token })).status,
    ).toBe(404);
    const item = { id: created.items[0].id, done: true };
    const saved = await t.api('POST', '/api/sop/save_checklist', {
      token,
      body: { checklist_id: created.id, checklist_data: { items: [item] } },
    });
    expect(saved.status).toBe(404);
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/sop/export_checklist',
      headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${token}` },
      payload: { checklist_id: created.id, export_type: 'csv' },
    });
    expect(exported.statusCode).toBe(404);
    const deleted = await t.api('DELETE', '/api/sop/checklists', {
      token,
      body: { document_ids: [created.id] },
    });
    expect(deleted.status).toBe(404);
    const generated = await t.api('POST', '/api/sop/checklists', {
      token,
      body: seaShipment(sop.id),
    });
    expect(generated.status).toBe(404);
    const unchanged = checklistSchema.parse(
      (await t.api('GET', `/api/sop/checklists/${created.id}`, { token: t.admin })).body,
    );
    expect(unchanged).toMatchObject({ version: 1, done_count: 0 });
  });

  it("when staff of another department archive, replace or delete a department's SOP, then it is not found and stays as it was", async () => {
    const sop = await createSop(t, t.admin, [{ ...sopFile('ref.pdf'), field: 'reference_files' }]);
    const { token } = await elsewhere('Sop Rights Three');
    const files = storedFiles(t).length;
    const archive = await t.api('PUT', `/api/sop/archived/documents/${sop.id}`, {
      token,
      body: { comments: 'Not mine' },
    });
    expect(archive.status).toBe(404);
    const bulk = await t.api('DELETE', '/api/sop/documents', {
      token,
      body: { document_ids: [sop.id], comments: 'Not mine' },
    });
    expect(bulk.status).toBe(404);
    const replace = await uploadSop(
      t,
      token,
      {},
      [sopFile('v2.pdf')],
      `/api/sop/documents/update/${sop.id}`,
      'PUT',
    );
    expect(replace.status).toBe(404);
    const reference = await uploadSop(
      t,
      token,
      { document_id: String(sop.id) },
      [{ ...sopFile('more.pdf'), field: 'reference_files' }],
      '/api/sop/documents/reference',
    );
    expect(reference.status).toBe(404);
    const removeRef = await t.api('DELETE', '/api/sop/documents/references', {
      token,
      body: { reference_ids: [sop.references[0].id] },
    });
    expect(removeRef.status).toBe(404);
    await t.api('PUT', `/api/sop/archived/documents/${sop.id}`, {
      token: t.admin,
      body: { comments: 'Archived by its own department' },
    });
    const unarchive = await t.api('PUT', `/api/sop/archived/documents/unarchive/${sop.id}`, {
      token,
    });
    expect(unarchive.status).toBe(404);
    const purge = await t.api('DELETE', '/api/sop/archived', {
      token,
      body: { document_ids: [sop.id] },
    });
    expect(purge.status).toBe(404);
    const doc = await t.api('GET', `/api/sop/archived/documents?document_id=${sop.id}`, {
      token: t.admin,
    });
    expect(doc.body.items[0]).toMatchObject({
      archived: true,
      archive_comment: 'Archived by its own department',
    });
    expect(doc.body.items[0].versions).toHaveLength(1);
    expect(doc.body.items[0].references).toHaveLength(1);
    expect(storedFiles(t).length).toBe(files);
  });

  it('when staff lack Sop.UPDATE, then replacing a file and adding or removing references is 403 and stores nothing', async () => {
    const sop = await createSop(t, t.admin, [{ ...sopFile('ref.pdf'), field: 'reference_files' }]);
    const { token } = await personWith(
      t,
      1,
      'Sop.LIST_VIEW',
      'Sop.ADD',
      'Sop.DELETE',
      'Sop.DOWNLOAD',
    );
    const files = storedFiles(t).length;
    const replace = await uploadSop(
      t,
      token,
      {},
      [sopFile('v2.pdf')],
      `/api/sop/documents/update/${sop.id}`,
      'PUT',
    );
    expect(replace.status).toBe(403);
    const reference = await uploadSop(
      t,
      token,
      { document_id: String(sop.id) },
      [{ ...sopFile('more.pdf'), field: 'reference_files' }],
      '/api/sop/documents/reference',
    );
    expect(reference.status).toBe(403);
    const removeRef = await t.api('DELETE', '/api/sop/documents/references', {
      token,
      body: { reference_ids: [sop.references[0].id] },
    });
    expect(removeRef.status).toBe(403);
    const doc = await t.api('GET', `/api/sop/documents?document_id=${sop.id}`, { token });
    expect(doc.body.items[0].versions).toHaveLength(1);
    expect(doc.body.items[0].references).toHaveLength(1);
    expect(storedFiles(t).length).toBe(files);
    const editor = await personWith(t, 1, 'Sop.LIST_VIEW', 'Sop.UPDATE');
    const allowed = await uploadSop(
      t,
      editor.token,
      {},
      [sopFile('v2.pdf')],
      `/api/sop/documents/update/${sop.id}`,
      'PUT',
    );
    expect(allowed.status).toBe(200);
  });
  it("when staff read the product and industry lookups, then they see the values of their own departments' SOPs only", async () => {
    const dept = await t.api('POST', '/api/departments', {
      token: t.admin,
      body: { name: 'Sop Lookups Two', description: '' },
    });
    const client = await addClient(t, t.admin, 'Lookupco');
    const up = await uploadSop(
      t,
      t.admin,
      {
        department_id: String(dept.body.id),
        client_id: String(client),
        industry: 'Covert Ops',
        product_type: 'Secret Widgets',
      },
      [sopFile()],
    );
    expect(up.status).toBe(201);
    const lookups = async (token: string) => ({
      products: (await t.api('GET', '/api/sop/products', { token })).body.items as string[],
      industries: (await t.api('GET', '/api/sop/industries', { token })).body.items as string[],
    });
    const general = await personWith(t, 1, 'Sop.LIST_VIEW');
    const theirs = await lookups(general.token);
    expect(theirs.products).not.toContain('Secret Widgets');
    expect(theirs.industries).not.toContain('Covert Ops');
    expect(theirs.products).toContain('Textiles');
    const own = await personWith(t, dept.body.id, 'Sop.LIST_VIEW');
    const mine = await lookups(own.token);
    expect(mine.products).toContain('Secret Widgets');
    expect(mine.industries).toContain('Covert Ops');
    const admin = await lookups(t.admin);
    expect(admin.products).toContain('Secret Widgets');
  });
});

import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { checklistSchema } from '../../../contract/sop';
import { personWith } from '../../test-support/identity';
import { createSop, seaShipment, sopFile, uploadSop } from '../../test-support/sop';
import { SOP_PAGES, sopPdf } from '../../test-support/sop-fixture';
import { describeApi, TEST_API_KEY } from '../../test-support/test-app';

/** A checklist's page links open the SOP file it was generated from. */
describeApi('SOP checklist links', (t) => {
  const generate = async (sopId: number) =>
    checklistSchema.parse(
      (await t.api('POST', '/api/sop/checklists', { token: t.admin, body: seaShipment(sopId) }))
        .body,
    );
  const view = (id: number, version: number | null | undefined, token = t.admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/sop/documents/${id}${version ? `?version=${version}` : ''}`,
      headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${token}` },
    });

  it('when the SOP file is replaced, then an older checklist still opens the file it was made from', async () => {
    const sop = await createSop(t, t.admin);
    const before = await generate(sop.id);
    expect(before.sop_version).toBe(1);
    const newer = sopPdf([...SOP_PAGES, ['6. Customs', 'The broker must file the export entry.']]);
    const replaced = await uploadSop(
      t,
      t.admin,
      {},
      [sopFile('export-sop-v2.pdf', newer)],
      `/api/sop/documents/update/${sop.id}`,
      'PUT',
    );
    expect(replaced.status).toBe(200);
    const after = await generate(sop.id);
    expect(after.sop_version).toBe(2);
    const reread = checklistSchema.parse(
      (await t.api('GET', `/api/sop/checklists/${before.id}`, { token: t.admin })).body,
    );
    expect(reread.sop_version).toBe(1);
    const listed = await t.api('GET', `/api/sop/checklists?checklist_id=${before.id}`, {
      token: t.admin,
    });
    expect(listed.body.items[0].sop_version).toBe(1);

    const old = await view(sop.id, reread.sop_version);
    expect(old.statusCode).toBe(200);
    expect(Buffer.compare(old.rawPayload, sopPdf())).toBe(0);
    const current = await view(sop.id, after.sop_version);
    expect(Buffer.compare(current.rawPayload, newer)).toBe(0);
    expect(Buffer.compare((await view(sop.id, undefined)).rawPayload, newer)).toBe(0);
    expect((await view(sop.id, 3)).statusCode).toBe(404);

    // The same rights as the document: another department's reader does not see it.
    const dept = await t.api('POST', '/api/departments', {
      token: t.admin,
      body: { name: 'Sop Links Elsewhere', description: '' },
    });
    const outsider = await personWith(t, dept.body.id, 'Sop.LIST_VIEW');
    expect((await view(sop.id, 1, outsider.token)).statusCode).toBe(404);
  });
  it('when an SOP with old versions and references is deleted permanently, then every one of its files is gone from the disk', async () => {
    const sop = await createSop(t, t.admin, [
      { ...sopFile('ref-one.pdf'), field: 'reference_files' },
    ]);
    await uploadSop(
      t,
      t.admin,
      {},
      [sopFile('v2.pdf')],
      `/api/sop/documents/update/${sop.id}`,
      'PUT',
    );
    await uploadSop(
      t,
      t.admin,
      {},
      [sopFile('v3.pdf')],
      `/api/sop/documents/update/${sop.id}`,
      'PUT',
    );
    await uploadSop(
      t,
      t.admin,
      { document_id: String(sop.id) },
      [{ ...sopFile('ref-two.pdf'), field: 'reference_files' }],
      '/api/sop/documents/reference',
    );
    const rows = await t.database.db
      .selectFrom('sop_files')
      .select(['kind', 'version', 'storage_path'])
      .where('document_id', '=', sop.id)
      .execute();
    expect(rows.map((r) => `${r.kind}${r.version}`).sort()).toEqual([
      'reference1',
      'reference1',
      'sop1',
      'sop2',
      'sop3',
    ]);
    const paths = rows.map((r) => `${t.config.storageDir}/${r.storage_path}`);
    expect(paths.every((p) => existsSync(p))).toBe(true);
    await t.api('PUT', `/api/sop/archived/documents/${sop.id}`, {
      token: t.admin,
      body: { comments: 'Gone' },
    });
    const gone = await t.api('DELETE', '/api/sop/archived', {
      token: t.admin,
      body: { document_ids: [sop.id] },
    });
    expect(gone.status).toBe(200);
    expect(paths.filter((p) => existsSync(p))).toEqual([]);
    const left = await t.database.db
      .selectFrom('sop_files')
      .select('id')
      .where('document_id', '=', sop.id)
      .execute();
    expect(left).toEqual([]);
  });
});

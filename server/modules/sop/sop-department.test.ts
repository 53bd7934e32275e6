import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { checklistSchema } from '../../../contract/sop';
import { addClient, seaShipment, sopFile, uploadSop } from '../../test-support/sop';
import { describeApi } from '../../test-support/test-app';

/** A department that still files SOP documents or checklists is not deleted. */
describeApi('SOP documents and checklists hold their department', (t) => {
  it('when a department has an SOP (archived or not) or a checklist, then deleting it is refused and nothing is lost', async () => {
    const dept = await t.api('POST', '/api/departments', {
      token: t.admin,
      body: { name: 'Sop Holding', description: '' },
    });
    const client = await addClient(t, t.admin, 'Holder');
    const up = await uploadSop(
      t,
      t.admin,
      {
        department_id: String(dept.body.id),
        client_id: String(client),
        industry: 'Retail',
        product_type: 'Textiles',
      },
      [sopFile()],
    );
    const sop = up.body.items[0] as { id: number };
    const checklist = checklistSchema.parse(
      (await t.api('POST', '/api/sop/checklists', { token: t.admin, body: seaShipment(sop.id) }))
        .body,
    );
    const remove = () =>
      t.api('DELETE', `/api/department/delete/${dept.body.id}`, { token: t.admin });
    const paths = async () =>
      (
        await t.database.db
          .selectFrom('sop_files')
          .select('storage_path')
          .where('document_id', '=', sop.id)
          .execute()
      ).map((r) => `${t.config.storageDir}/${r.storage_path}`);
    const stored = await paths();

    const live = await remove();
    expect(live.status).toBe(409);
    expect(live.body.code).toBe('DEPARTMENT_HAS_SOPS');
    expect(live.body.message).toBe(
      "The department 'Sop Holding' still has 1 SOP document and 1 checklist. Delete them first (archived SOP documents permanently).",
    );

    await t.api('PUT', `/api/sop/archived/documents/${sop.id}`, {
      token: t.admin,
      body: { comments: 'Old' },
    });
    const archived = await remove();
    expect(archived.status).toBe(409);
    expect(archived.body.message).toMatch(/1 SOP document \(1 archived\)/);
    expect(await paths()).toEqual(stored);
    expect(stored.every((p) => existsSync(p))).toBe(true);
    expect(
      (await t.api('GET', `/api/sop/checklists/${checklist.id}`, { token: t.admin })).status,
    ).toBe(200);

    await t.api('DELETE', '/api/sop/archived', {
      token: t.admin,
      body: { document_ids: [sop.id] },
    });
    const checklistOnly = await remove();
    expect(checklistOnly.status).toBe(409);
    expect(checklistOnly.body.message).toMatch(/still has 1 checklist\./);

    await t.api('DELETE', '/api/sop/checklists', {
      token: t.admin,
      body: { document_ids: [checklist.id] },
    });
    expect((await remove()).status).toBe(200);
  });
});

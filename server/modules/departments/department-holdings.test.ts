import { expect, it } from 'vitest';
import { departmentPageSchema, departmentSchema } from '../../../contract/identity';
import { nowIso } from '../../db/database';
import { insertDocument } from '../../test-support/document-rows';
import { addDepartment, addPerson, addRole, GENERAL, letters } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

describeApi('what holds a department', (t) => {
  async function addArchivedSop(departmentId: number) {
    const now = nowIso();
    const client = await t.database.db
      .insertInto('sop_clients')
      .values({ first_name: `Client ${letters()}`, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('sop_documents')
      .values({
        name: 'Archived SOP',
        department_id: departmentId,
        client_id: client.id,
        industry: 'Energy',
        product_type: 'Panels',
        page_count: 1,
        requirement_count: 0,
        archived_at: now,
        archive_comment: null,
        archived_by: null,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  it('when a department holds users, roles, documents or SOP documents, then the list and the department say how many before a delete, and the delete is still refused', async () => {
    const tag = letters();
    const busy = await addDepartment(t, `Busy ${tag}`);
    const role = await addRole(t, busy, []);
    await addPerson(t, { assignments: [{ department_id: busy, role_id: role }] });
    await insertDocument(t.database, { name: 'a.pdf', type: 'pdf', department_id: busy });
    await insertDocument(t.database, { name: 'b.pdf', type: 'pdf', department_id: busy });
    const archive = await addDepartment(t, `Archive ${tag}`);
    await addArchivedSop(archive);
    const free = await addDepartment(t, `Free ${tag}`);

    const list = departmentPageSchema.parse(
      (await t.api('GET', `/api/departments?search=${tag}`, { token: t.admin })).body,
    );
    const byId = new Map(list.items.map((d) => [d.id, d]));
    expect(byId.get(busy)).toMatchObject({
      user_count: 1,
      role_count: 1,
      document_count: 2,
      sop_document_count: 0,
      checklist_count: 0,
      is_default: false,
    });
    expect(byId.get(archive)).toMatchObject({ document_count: 0, sop_document_count: 1 });
    expect(byId.get(free)).toMatchObject({
      user_count: 0,
      role_count: 0,
      document_count: 0,
      sop_document_count: 0,
      checklist_count: 0,
    });
    const one = departmentSchema.parse(
      (await t.api('GET', `/api/departments/${busy}`, { token: t.admin })).body,
    );
    expect(one).toEqual(byId.get(busy));
    const general = await t.api('GET', `/api/departments/${GENERAL}`, { token: t.admin });
    expect(general.body.is_default).toBe(true);

    // Saying it beforehand changes nothing about the rule: the server still refuses.
    for (const id of [busy, archive]) {
      const res = await t.api('DELETE', `/api/department/delete/${id}`, { token: t.admin });
      expect(res.status).toBe(409);
      expect((await t.api('GET', `/api/departments/${id}`, { token: t.admin })).status).toBe(200);
    }
    expect(
      (await t.api('DELETE', `/api/department/delete/${free}`, { token: t.admin })).status,
    ).toBe(200);
  });
});

import { expect, it } from 'vitest';
import { sopDocumentSchema, type SopDocument } from '../../../contract/sop';
import { addDepartment, GENERAL, personWith } from '../../test-support/identity';
import { addClient, createSop } from '../../test-support/sop';
import { describeApi } from '../../test-support/test-app';

/** PUT /sop/documents/{id}/details: an SOP's details changed after upload. */
describeApi('SOP details', (t) => {
  const details = (id: number, token: string, body: unknown) =>
    t.api('PUT', `/api/sop/documents/${id}/details`, { token, body });
  const current = async (id: number): Promise<SopDocument> => {
    const res = await t.api('GET', `/api/sop/documents?document_id=${id}`, { token: t.admin });
    return sopDocumentSchema.parse(res.body.items[0]);
  };

  it('when the details are changed, then the list shows the new name, client, industry and product type and the file is the same', async () => {
    const sop = await createSop(t, t.admin);
    const before = await current(sop.id);
    const client = await addClient(t, t.admin, 'Borealis');
    const res = await details(sop.id, t.admin, {
      name: 'Cold chain export',
      department_id: GENERAL,
      client_id: client,
      industry: '  Pharma ',
      product_type: 'Vaccines',
    });
    expect(res.status).toBe(200);
    expect(sopDocumentSchema.parse(res.body)).toMatchObject({
      id: sop.id,
      name: 'Cold chain export',
      client_name: 'Borealis',
      industry: 'Pharma',
      product_type: 'Vaccines',
    });
    const after = await current(sop.id);
    expect(after.name).toBe('Cold chain export');
    expect(after.versions).toEqual(before.versions);
    const products = await t.api('GET', '/api/sop/products', { token: t.admin });
    expect(products.body.items).toContain('Vaccines');
  });

  it('when a detail is missing or wrong, then the answer names the field and nothing changes', async () => {
    const sop = await createSop(t, t.admin);
    const before = await current(sop.id);
    const base = {
      name: 'Renamed',
      department_id: GENERAL,
      client_id: before.client_id,
      industry: 'Retail',
      product_type: 'Textiles',
    };
    const empty = await details(sop.id, t.admin, { ...base, product_type: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_ERROR');
    expect(empty.body.fields).toEqual([{ path: 'product_type', message: 'validation:required' }]);
    const long = await details(sop.id, t.admin, { ...base, name: 'x'.repeat(201) });
    expect(long.body.fields).toEqual([{ path: 'name', message: 'validation:tooLong' }]);
    const noClient = await details(sop.id, t.admin, { ...base, client_id: 999_999 });
    expect(noClient.status).toBe(400);
    expect(noClient.body.fields).toEqual([{ path: 'client_id', message: 'not_found' }]);
    const noDepartment = await details(sop.id, t.admin, { ...base, department_id: 999_999 });
    expect(noDepartment.status).toBe(400);
    expect(noDepartment.body.fields).toEqual([{ path: 'department_id', message: 'not_found' }]);
    expect(await current(sop.id)).toEqual(before);
  });

  it('when someone without Sop.UPDATE, or outside the department, changes the details, then they are refused and nothing changes', async () => {
    const sop = await createSop(t, t.admin);
    const before = await current(sop.id);
    const body = {
      name: 'Hijacked',
      department_id: GENERAL,
      client_id: before.client_id,
      industry: 'Retail',
      product_type: 'Textiles',
    };
    const reader = await personWith(t, GENERAL, 'Sop.LIST_VIEW', 'Sop.ADD');
    expect((await details(sop.id, reader.token, body)).status).toBe(403);
    const other = await addDepartment(t);
    const outsider = await personWith(t, other, 'Sop.LIST_VIEW', 'Sop.UPDATE');
    expect((await details(sop.id, outsider.token, body)).status).toBe(404);
    expect((await details(999_999, t.admin, body)).status).toBe(404);
    expect(await current(sop.id)).toEqual(before);
  });

  it('when an SOP moves to another department, then the mover needs Sop.UPDATE there too', async () => {
    const sop = await createSop(t, t.admin);
    const before = await current(sop.id);
    const other = await addDepartment(t);
    const body = {
      name: before.name,
      department_id: other,
      client_id: before.client_id,
      industry: before.industry,
      product_type: before.product_type,
    };
    const editor = await personWith(t, GENERAL, 'Sop.LIST_VIEW', 'Sop.UPDATE');
    const refused = await details(sop.id, editor.token, body);
    expect(refused.status).toBe(403);
    expect(refused.body.fields).toEqual([{ path: 'department_id', message: 'forbidden' }]);
    expect(await current(sop.id)).toEqual(before);

    const moved = await details(sop.id, t.admin, body);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ department_id: other });
    // Gone from the department it left, for someone who only sees that one.
    const listed = await t.api('GET', `/api/sop/documents?document_id=${sop.id}`, {
      token: editor.token,
    });
    expect(listed.body.total).toBe(0);
  });
});

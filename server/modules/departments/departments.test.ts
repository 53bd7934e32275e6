import { expect, it } from 'vitest';
import { departmentPageSchema, departmentSchema } from '../../../contract/identity';
import { insertDocument } from '../../test-support/document-rows';
import {
  addDepartment,
  addPerson,
  addRole,
  countRows,
  GENERAL,
  letters,
  personWith,
} from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

describeApi('departments', (t) => {
  it('when the admin adds, renames and reads a department, then the answers carry name, description and counts', async () => {
    const name = `Sales ${letters()}`;
    const created = await t.api('POST', '/api/departments', {
      token: t.admin,
      body: { name, description: 'Everyone who sells' },
    });
    expect(created.status).toBe(201);
    const dept = departmentSchema.parse(created.body);
    expect(dept).toMatchObject({ name, description: 'Everyone who sells', user_count: 0 });

    const renamed = await t.api('PUT', `/api/departments/${dept.id}`, {
      token: t.admin,
      body: { name: `${name} Team`, description: '' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: dept.id, name: `${name} Team`, description: '' });

    const roleId = await addRole(t, dept.id, []);
    await addPerson(t, { assignments: [{ department_id: dept.id, role_id: roleId }] });
    const read = await t.api('GET', `/api/departments/${dept.id}`, { token: t.admin });
    expect(read.body).toMatchObject({ user_count: 1, role_count: 1 });
  });

  it('when departments are listed paginated or all, then both answer the paged shape with search', async () => {
    const tag = letters();
    for (const n of ['Alpha', 'Beta', 'Gamma']) await addDepartment(t, `${n} ${tag}`);
    const page = await t.api('GET', `/api/departments?type=paginated&page=2&size=1&search=${tag}`, {
      token: t.admin,
    });
    expect(page.status).toBe(200);
    expect(departmentPageSchema.parse(page.body)).toMatchObject({
      total: 3,
      page: 2,
      size: 1,
      items: [{ name: `Beta ${tag}` }],
    });
    const all = await t.api('GET', '/api/departments?type=all', { token: t.admin });
    const total = await countRows(t, 'departments');
    expect(all.body).toMatchObject({ total, page: 1, size: total });
    expect(all.body.items).toHaveLength(total);
    const defaults = await t.api('GET', '/api/departments', { token: t.admin });
    expect(defaults.body).toMatchObject({ page: 1, size: 100 });
  });

  it('when a name is taken in any case, invalid or too long, then it answers 409 or 400 and writes nothing', async () => {
    const before = await countRows(t, 'departments');
    const taken = await t.api('POST', '/api/departments', {
      token: t.admin,
      body: { name: 'GENERAL' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'NAME_TAKEN' });
    expect(taken.body.message).toContain('GENERAL');
    for (const body of [
      { name: 'R&D' },
      { name: 'x' },
      // A description takes any punctuation (descriptions.test.ts), but no control character.
      { name: 'Sales', description: 'ring \u0007' },
      {},
    ]) {
      const res = await t.api('POST', '/api/departments', { token: t.admin, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const other = await addDepartment(t);
    const clash = await t.api('PUT', `/api/departments/${other}`, {
      token: t.admin,
      body: { name: 'general' },
    });
    expect(clash.status).toBe(409);
    expect(await countRows(t, 'departments')).toBe(before + 1);
  });

  it('when a department still has users or roles, then deleting it answers 409 naming what holds it', async () => {
    const dept = await addDepartment(t, `Busy ${letters()}`);
    const roleId = await addRole(t, dept, []);
    await addPerson(t, { assignments: [{ department_id: dept, role_id: roleId }] });
    await addPerson(t, { assignments: [{ department_id: dept, role_id: 2 }] });
    const busy = await t.api('DELETE', `/api/department/delete/${dept}`, { token: t.admin });
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('DEPARTMENT_IN_USE');
    expect(busy.body.message).toMatch(/2 users and 1 role\b/);
    expect((await t.api('GET', `/api/departments/${dept}`, { token: t.admin })).status).toBe(200);

    const filed = await addDepartment(t, `Filed ${letters()}`);
    await insertDocument(t.database, { name: 'handbook.pdf', type: 'pdf', department_id: filed });
    const withDocs = await t.api('DELETE', `/api/department/delete/${filed}`, { token: t.admin });
    expect(withDocs.status).toBe(409);
    expect(withDocs.body.message).toMatch(/1 document\b/);

    const empty = await addDepartment(t);
    const gone = await t.api('DELETE', `/api/department/delete/${empty}`, { token: t.admin });
    expect(gone.status).toBe(200);
    expect((await t.api('GET', `/api/departments/${empty}`, { token: t.admin })).status).toBe(404);
    expect(
      (await t.api('DELETE', `/api/department/delete/${empty}`, { token: t.admin })).status,
    ).toBe(404);
  });

  it('when General is to be deleted, then it answers 409: sign-up places people there', async () => {
    const res = await t.api('DELETE', `/api/department/delete/${GENERAL}`, { token: t.admin });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
  });

  it('when someone other than a default admin calls, then every department call answers 403, even with every right', async () => {
    const everything = await personWith(t, GENERAL, 'Users.LIST_VIEW', 'Users.ADD', 'Roles.ADD');
    for (const [method, url] of [
      ['GET', '/api/departments'],
      ['POST', '/api/departments'],
      ['PUT', `/api/departments/${GENERAL}`],
      ['DELETE', `/api/department/delete/${GENERAL}`],
    ] as const) {
      const res = await t.api(method, url, {
        token: everything.token,
        body: method === 'GET' || method === 'DELETE' ? undefined : { name: 'Nope' },
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });
});

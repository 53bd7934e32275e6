import { expect, it } from 'vitest';
import { rolePageSchema, roleSchema } from '../../../contract/identity';
import { idsOf, PERMISSION_CATALOGUE } from '../../../contract/permissions';
import {
  addDepartment,
  addPerson,
  addRole,
  countRows,
  letters,
  personWith,
} from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

describeApi('roles', (t) => {
  const post = (token: string, body: object) => t.api('POST', '/api/roles', { token, body });
  const put = (token: string, id: number, body: object) =>
    t.api('PUT', `/api/roles/${id}`, { token, body });

  it('when the admin creates a role, then it answers 201 with a sorted set, role_id and who made it', async () => {
    const dept = await addDepartment(t);
    const res = await post(t.admin, {
      name: 'Editors',
      description: 'Edit documents',
      department_id: dept,
      permission_set: [idsOf('Documents.UPDATE')[0], ...idsOf('Documents.ADD', 'Documents.ADD')],
    });
    expect(res.status).toBe(201);
    const role = roleSchema.parse(res.body);
    expect(role).toMatchObject({
      role_id: role.id,
      name: 'Editors',
      department_id: dept,
      permission_set: idsOf('Documents.ADD', 'Documents.UPDATE'),
      user_count: 0,
      created_by: { name: 'Default Administrator' },
    });
    const read = await t.api('GET', `/api/roles/${role.id}`, { token: t.admin });
    expect(read.body).toEqual(res.body);
  });

  it('when roles are listed, then type, paging, search and the department filter apply', async () => {
    const dept = await addDepartment(t);
    const other = await addDepartment(t);
    const tag = letters();
    for (const n of ['One', 'Two', 'Three']) await addRole(t, dept, [], `${n} ${tag}`);
    await addRole(t, other, [], `Other ${tag}`);

    const page = await t.api('GET', `/api/roles?search=${tag}&page=2&size=2`, { token: t.admin });
    expect(rolePageSchema.parse(page.body)).toMatchObject({ total: 4, page: 2, size: 2 });
    expect(page.body.items).toHaveLength(2);

    const inDept = await t.api('GET', `/api/roles?type=all&department_id=${dept}`, {
      token: t.admin,
    });
    const names = inDept.body.items.map((r: { name: string }) => r.name);
    // Roles for every department can be assigned here too, so they are listed with its own.
    expect(names).toEqual([
      'Administrator',
      'Staff',
      'Helpdesk',
      'Trial',
      ...['One', 'Two', 'Three'].map((n) => `${n} ${tag}`),
    ]);
    expect(inDept.body).toMatchObject({ page: 1, size: inDept.body.total });

    const defaults = await t.api('GET', '/api/roles', { token: t.admin });
    expect(defaults.body).toMatchObject({ page: 1, size: 100 });
    expect((await t.api('GET', '/api/roles?type=some', { token: t.admin })).status).toBe(400);
  });

  it('when input is bad, then it answers 400 or 409 with the field and writes nothing', async () => {
    const dept = await addDepartment(t);
    await addRole(t, dept, [], 'Reviewers');
    const before = await countRows(t, 'roles');
    const historyBefore = await countRows(t, 'role_history');
    const cases: [object, number, string][] = [
      [{ name: 'X', department_id: dept, permission_set: [] }, 400, 'name'],
      [{ name: 'Bad<name>', department_id: dept, permission_set: [] }, 400, 'name'],
      [{ name: 'Fine', department_id: dept, permission_set: [999] }, 400, 'permission_set'],
      [{ name: 'Fine', department_id: dept, permission_set: ['1'] }, 400, 'permission_set.0'],
      [{ name: 'Fine', department_id: 99999, permission_set: [] }, 400, 'department_id'],
      [{ name: 'reviewers', department_id: dept, permission_set: [] }, 409, ''],
    ];
    for (const [body, status, field] of cases) {
      const res = await post(t.admin, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (field) expect(res.body.fields.map((f: { path: string }) => f.path)).toContain(field);
      else expect(res.body.code).toBe('NAME_TAKEN');
    }
    expect(await countRows(t, 'roles')).toBe(before);
    expect(await countRows(t, 'role_history')).toBe(historyBefore);
    // The same name in another department is another role.
    const elsewhere = await post(t.admin, {
      name: 'Reviewers',
      department_id: await addDepartment(t),
      permission_set: [],
    });
    expect(elsewhere.status).toBe(201);
  });

  it('when staff hold Roles rights in one department, then they see and change roles there and for all departments only to read', async () => {
    const mine = await addDepartment(t);
    const theirs = await addDepartment(t);
    const inTheirs = await addRole(t, theirs, []);
    const staff = await personWith(t, mine, 'Roles.LIST_VIEW', 'Roles.VIEW', 'Roles.UPDATE');
    const list = await t.api('GET', '/api/roles?type=all', { token: staff.token });
    const depts = new Set(
      list.body.items.map((r: { department_id: number | null }) => r.department_id),
    );
    expect([...depts].sort()).toEqual([mine, null].sort());
    expect((await t.api('GET', `/api/roles/${inTheirs}`, { token: staff.token })).status).toBe(404);
    expect((await t.api('GET', '/api/roles/1', { token: staff.token })).status).toBe(200);
    const global = await t.api('PUT', '/api/roles/2', {
      token: staff.token,
      body: { name: 'Staff', department_id: null, permission_set: [] },
    });
    expect(global.status).toBe(403);
    expect(global.body.code).toBe('PRIVILEGE_ESCALATION');
    const foreign = await put(staff.token, inTheirs, {
      name: 'Mine now',
      department_id: mine,
      permission_set: [],
    });
    expect(foreign.status).toBe(404);
  });

  it('when staff who add or edit users list roles, then they see the roles they could assign, from their departments only', async () => {
    const mine = await addDepartment(t);
    const theirs = await addDepartment(t);
    const own = await addRole(t, mine, []);
    const foreign = await addRole(t, theirs, []);
    const adder = await personWith(t, mine, 'Users.ADD');
    const list = await t.api('GET', '/api/roles?type=all', { token: adder.token });
    expect(list.status).toBe(200);
    const ids = list.body.items.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([1, 2, 3, 4, own, adder.roleId]));
    expect(ids).not.toContain(foreign);
    // Reading one role or its history still needs Roles.VIEW.
    expect((await t.api('GET', `/api/roles/${own}`, { token: adder.token })).status).toBe(403);
  });

  it('when staff grant a right they do not hold, or work outside their departments, then it answers 403 PRIVILEGE_ESCALATION and writes nothing', async () => {
    const mine = await addDepartment(t);
    const theirs = await addDepartment(t);
    const staff = await personWith(t, mine, 'Roles.ADD', 'Roles.UPDATE', 'Users.VIEW');
    const ok = await post(staff.token, {
      name: `Viewers ${letters()}`,
      department_id: mine,
      permission_set: idsOf('Users.VIEW'),
    });
    expect(ok.status).toBe(201);
    const before = await countRows(t, 'roles');
    const refusals: [object, RegExp][] = [
      [
        { department_id: mine, permission_set: idsOf('Users.VIEW', 'Users.DELETE') },
        /Users\.DELETE/,
      ],
      [{ department_id: theirs, permission_set: [] }, /Roles\.ADD/],
      [{ department_id: null, permission_set: [] }, /default administrator/],
    ];
    for (const [body, says] of refusals) {
      const res = await post(staff.token, { name: `Nope ${letters()}`, ...body });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('PRIVILEGE_ESCALATION');
      expect(res.body.message).toMatch(says);
    }
    expect(await countRows(t, 'roles')).toBe(before);

    // A role that already holds rights the editor lacks may be renamed; adding one is refused.
    const strong = await addRole(t, mine, idsOf('Documents.DELETE'));
    const renamed = await put(staff.token, strong, {
      name: `Strong ${letters()}`,
      department_id: mine,
      permission_set: idsOf('Documents.DELETE'),
    });
    expect(renamed.status).toBe(200);
    const widened = await put(staff.token, strong, {
      name: renamed.body.name,
      department_id: mine,
      permission_set: idsOf('Documents.DELETE', 'Sop.ADD'),
    });
    expect(widened.status).toBe(403);
    expect(widened.body.message).toContain('Sop.ADD');
  });

  it('when a role is deleted, then an assigned role answers 409 ROLE_IN_USE, a built-in one 409, a free one goes', async () => {
    const dept = await addDepartment(t);
    const used = await addRole(t, dept, [], `Used ${letters()}`);
    await addPerson(t, { assignments: [{ department_id: dept, role_id: used }] });
    await addPerson(t, { assignments: [{ department_id: dept, role_id: used }] });
    const inUse = await t.api('DELETE', `/api/roles/${used}`, { token: t.admin });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 'ROLE_IN_USE' });
    expect(inUse.body.message).toContain('2 user(s)');
    const builtIn = await t.api('DELETE', '/api/roles/4', { token: t.admin });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.code).toBe('CONFLICT');

    const free = await addRole(t, dept, []);
    expect((await t.api('DELETE', `/api/roles/${free}`, { token: t.admin })).status).toBe(200);
    expect((await t.api('GET', `/api/roles/${free}`, { token: t.admin })).status).toBe(404);
    expect((await t.api('DELETE', `/api/roles/${free}`, { token: t.admin })).status).toBe(404);
  });

  it('when an assigned role would move to another department, or a built-in role be renamed, then it answers 409', async () => {
    const dept = await addDepartment(t);
    const role = await addRole(t, dept, [], `Mover ${letters()}`);
    await addPerson(t, { assignments: [{ department_id: dept, role_id: role }] });
    const moved = await put(t.admin, role, {
      name: 'Mover',
      department_id: await addDepartment(t),
      permission_set: [],
    });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('ROLE_IN_USE');
    const renamed = await t.api('PUT', '/api/roles/4', {
      token: t.admin,
      body: { name: 'Tryout', department_id: null, permission_set: [] },
    });
    expect(renamed.status).toBe(409);
    expect((await t.api('GET', '/api/roles/4', { token: t.admin })).body.name).toBe('Trial');
  });

  it('when roles are asked for by module and action, then only roles whose set grants it come back', async () => {
    const res = await t.api('GET', '/api/roles/types/Helpdesk/action/UPDATE?type=all', {
      token: t.admin,
    });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([1, 3]));
    expect(ids).not.toContain(2);
    for (const role of res.body.items)
      expect(role.permission_set).toContain(idsOf('Helpdesk.UPDATE')[0]);
    expect(
      (await t.api('GET', '/api/roles/types/Nope/action/VIEW', { token: t.admin })).status,
    ).toBe(400);
    expect(
      (await t.api('GET', '/api/roles/types/Users/action/FLY', { token: t.admin })).status,
    ).toBe(400);
  });

  it('when a right is removed from a role, then its holders lose it on their next request', async () => {
    const dept = await addDepartment(t);
    const role = await addRole(t, dept, idsOf('Roles.LIST_VIEW', 'Users.LIST_VIEW'));
    const holder = await addPerson(t, { assignments: [{ department_id: dept, role_id: role }] });
    expect((await t.api('GET', '/api/roles', { token: holder.token })).status).toBe(200);
    const cut = await put(t.admin, role, {
      name: `Cut ${letters()}`,
      department_id: dept,
      permission_set: idsOf('Users.LIST_VIEW'),
    });
    expect(cut.status).toBe(200);
    expect((await t.api('GET', '/api/roles', { token: holder.token })).status).toBe(403);
    const me = await t.api('GET', '/api/users/me', { token: holder.token });
    const roles = me.body.permissions[0].actions.find(
      (a: { module_name: string }) => a.module_name === 'Roles',
    );
    expect(roles.LIST_VIEW).toBe(false);
  });

  it('when the catalogue is read, then it has the rights the sets refer to, one per right a module has', async () => {
    const res = await t.api('GET', '/api/permissions', { token: t.admin });
    expect(res.body).toHaveLength(PERMISSION_CATALOGUE.length);
  });
});

import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { roleHistoryPageSchema } from '../../../contract/identity';
import { idsOf } from '../../../contract/permissions';
import { addDepartment, countRows, letters, personWith } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

describeApi('role history and restore', (t) => {
  async function roleWithVersions(department: number) {
    const name = `Versions ${letters()}`;
    const created = await t.api('POST', '/api/roles', {
      token: t.admin,
      body: { name, department_id: department, permission_set: idsOf('Users.VIEW', 'Users.ADD') },
    });
    const id: number = created.body.id;
    const put = (permission_set: number[]) =>
      t.api('PUT', `/api/roles/${id}`, {
        token: t.admin,
        body: { name, department_id: department, permission_set },
      });
    await put(idsOf('Users.VIEW'));
    await put(idsOf('Users.VIEW', 'Sop.LIST_VIEW'));
    return { id, name, put };
  }

  const history = async (id: number, token = t.admin) =>
    t.api('GET', `/api/roles/${id}/history`, { token });

  it('when a role is created and changed, then its history lists each change newest first with both permission sets', async () => {
    const { id } = await roleWithVersions(await addDepartment(t));
    const res = await history(id);
    expect(res.status).toBe(200);
    const page = roleHistoryPageSchema.parse(res.body);
    expect(page).toMatchObject({ total: 3, page: 1, size: 100 });
    expect(page.items.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(page.items.map((e) => e.changes)).toMatchObject([
      {
        old_permission_set: idsOf('Users.VIEW'),
        permission_set: idsOf('Users.VIEW', 'Sop.LIST_VIEW'),
      },
      { old_permission_set: idsOf('Users.ADD', 'Users.VIEW').sort((a, b) => a - b) },
      { old_permission_set: null, old: null },
    ]);
    expect(page.items[0].changed_by).toMatchObject({ name: 'Default Administrator' });
    expect(Date.parse(page.items[0].changed_at)).not.toBeNaN();
    const second = await t.api('GET', `/api/roles/${id}/history?page=2&size=2`, { token: t.admin });
    expect(second.body).toMatchObject({
      total: 3,
      page: 2,
      size: 2,
      items: [{ action: 'create' }],
    });
  });

  it('when a PUT changes nothing, then no history entry is written', async () => {
    const { id, put } = await roleWithVersions(await addDepartment(t));
    expect((await put(idsOf('Users.VIEW', 'Sop.LIST_VIEW'))).status).toBe(200);
    expect((await history(id)).body.total).toBe(3);
  });

  it('when an old version is restored, then the role gets that set back and a restore entry names its source', async () => {
    const { id } = await roleWithVersions(await addDepartment(t));
    const created = (await history(id)).body.items[2];
    const res = await t.api('POST', `/api/roles/${id}/history/restore/${created.id}`, {
      token: t.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.permission_set).toEqual(idsOf('Users.ADD', 'Users.VIEW').sort((a, b) => a - b));
    const after = (await history(id)).body;
    expect(after.total).toBe(4);
    expect(after.items[0]).toMatchObject({
      action: 'restore',
      restored_from: created.id,
      changes: {
        old_permission_set: idsOf('Users.VIEW', 'Sop.LIST_VIEW'),
        permission_set: res.body.permission_set,
      },
    });
  });

  it('when a deleted role is restored from its delete entry, then it comes back under the same id with its history', async () => {
    const { id, name } = await roleWithVersions(await addDepartment(t));
    expect((await t.api('DELETE', `/api/roles/${id}`, { token: t.admin })).status).toBe(200);
    const afterDelete = (await history(id)).body;
    expect(afterDelete.items[0]).toMatchObject({
      action: 'delete',
      changes: { permission_set: null, new: null, old: { name } },
    });
    const back = await t.api(
      'POST',
      `/api/roles/${id}/history/restore/${afterDelete.items[0].id}`,
      {
        token: t.admin,
      },
    );
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      id,
      name,
      permission_set: idsOf('Users.VIEW', 'Sop.LIST_VIEW'),
    });
    expect((await history(id)).body.items.map((e: { action: string }) => e.action)).toEqual([
      'restore',
      'delete',
      'update',
      'update',
      'create',
    ]);
  });

  it('when the restored name was taken meanwhile, or the entry belongs to another role, then it answers 409 or 404 and writes nothing', async () => {
    const dept = await addDepartment(t);
    const { id, name } = await roleWithVersions(dept);
    const entries = (await history(id)).body.items;
    await t.api('DELETE', `/api/roles/${id}`, { token: t.admin });
    await t.api('POST', '/api/roles', {
      token: t.admin,
      body: { name, department_id: dept, permission_set: [] },
    });
    const before = await countRows(t, 'role_history');
    const taken = await t.api('POST', `/api/roles/${id}/history/restore/${entries[0].id}`, {
      token: t.admin,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('NAME_TAKEN');
    const other = await roleWithVersions(dept);
    const foreign = await t.api('POST', `/api/roles/${other.id}/history/restore/${entries[0].id}`, {
      token: t.admin,
    });
    expect(foreign.status).toBe(404);
    expect(await countRows(t, 'role_history')).toBe(before + 3);
  });

  it('when staff restore a version granting a right they do not hold, then it answers 403 PRIVILEGE_ESCALATION', async () => {
    const dept = await addDepartment(t);
    const { id } = await roleWithVersions(dept);
    const staff = await personWith(
      t,
      dept,
      'Roles.UPDATE',
      'Roles.VIEW',
      'Users.VIEW',
      'Sop.LIST_VIEW',
    );
    const entries = (await history(id, staff.token)).body.items;
    const created = entries[entries.length - 1];
    const res = await t.api('POST', `/api/roles/${id}/history/restore/${created.id}`, {
      token: staff.token,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'PRIVILEGE_ESCALATION' });
    expect(res.body.message).toContain('Users.ADD');
    // The version they do hold is fine.
    const ok = await t.api('POST', `/api/roles/${id}/history/restore/${entries[1].id}`, {
      token: staff.token,
    });
    expect(ok.status).toBe(200);
    expect((await history(id, staff.token)).body.items[0].changed_by.id).toBe(staff.id);
    // Staff of another department do not see this role's history at all.
    const outsider = await personWith(t, await addDepartment(t), 'Roles.VIEW');
    expect((await history(id, outsider.token)).status).toBe(404);
  });

  it('when the history row cannot be written, then the role change is not saved either', async () => {
    const { id, name } = await roleWithVersions(await addDepartment(t));
    const before = await t.api('GET', `/api/roles/${id}`, { token: t.admin });
    await sql`alter table role_history rename to role_history_away`.execute(t.database.db);
    try {
      const failed = await t.api('PUT', `/api/roles/${id}`, {
        token: t.admin,
        body: {
          name: `${name} changed`,
          department_id: before.body.department_id,
          permission_set: [],
        },
      });
      expect(failed.status).toBe(500);
      const created = await t.api('POST', '/api/roles', {
        token: t.admin,
        body: { name: `Orphan ${letters()}`, department_id: null, permission_set: [] },
      });
      expect(created.status).toBe(500);
      expect((await t.api('DELETE', `/api/roles/${id}`, { token: t.admin })).status).toBe(500);
    } finally {
      await sql`alter table role_history_away rename to role_history`.execute(t.database.db);
    }
    expect((await t.api('GET', `/api/roles/${id}`, { token: t.admin })).body).toEqual(before.body);
    expect((await t.api('GET', '/api/roles?search=Orphan', { token: t.admin })).body.total).toBe(0);
  });

  it('when a role was moved to another department and deleted there, then a manager of the first department can neither restore an old version nor read the history', async () => {
    const first = await addDepartment(t);
    const other = await addDepartment(t);
    const { id, name } = await roleWithVersions(first);
    const moved = await t.api('PUT', `/api/roles/${id}`, {
      token: t.admin,
      body: { name, department_id: other, permission_set: idsOf('Users.VIEW') },
    });
    expect(moved.status).toBe(200);
    expect((await t.api('DELETE', `/api/roles/${id}`, { token: t.admin })).status).toBe(200);
    const entries = (await history(id)).body.items;
    const inFirst = entries.find((e: { action: string }) => e.action === 'create');

    const manager = await personWith(
      t,
      first,
      'Roles.LIST_VIEW',
      'Roles.VIEW',
      'Roles.ADD',
      'Roles.UPDATE',
      'Roles.DELETE',
      'Users.VIEW',
      'Users.ADD',
    );
    const roles = await countRows(t, 'roles');
    const restore = await t.api('POST', `/api/roles/${id}/history/restore/${inFirst.id}`, {
      token: manager.token,
    });
    expect(restore.status).toBe(404);
    expect(await countRows(t, 'roles')).toBe(roles);
    const read = await history(id, manager.token);
    expect(read.status).toBe(404);
  });
});

import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { userHistoryPageSchema } from '../../../contract/identity';
import { idsOf } from '../../../contract/permissions';
import {
  addDepartment,
  addRole,
  countRows,
  letters,
  personWith,
} from '../../test-support/identity';
import { describeApi, newUserBody } from '../../test-support/test-app';

describeApi('user history and restore', (t) => {
  /** A user made through the API and changed twice: names, then roles. */
  async function userWithVersions() {
    const dept = await addDepartment(t);
    const first = await addRole(t, dept, idsOf('Sop.DOWNLOAD'), `First ${letters()}`);
    const second = await addRole(t, dept, idsOf('Sop.LIST_VIEW'), `Second ${letters()}`);
    const body = newUserBody([{ department_id: dept, role_id: first }], 'hist');
    const created = await t.api('POST', '/api/users', { token: t.admin, body });
    const id: number = created.body.id;
    await t.api('PUT', `/api/users/${id}`, { token: t.admin, body: { first_name: 'Changed' } });
    await t.api('PUT', `/api/users/${id}`, {
      token: t.admin,
      body: { assignments: [{ department_id: dept, role_id: second }] },
    });
    return { id, dept, first, second, email: body.email, first_name: body.first_name };
  }

  const history = async (id: number, token = t.admin) =>
    (await t.api('GET', `/api/users/history/${id}`, { token })).body;

  it('when a user is created and changed, then the history shows each version newest first, with who and when', async () => {
    const u = await userWithVersions();
    const page = userHistoryPageSchema.parse(await history(u.id));
    expect(page).toMatchObject({ total: 3, page: 1, size: 100 });
    expect(page.items.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    const [roles, names, created] = page.items;
    expect(created.changes).toMatchObject({
      old: null,
      new: { email: u.email, first_name: u.first_name, assignments: [{ role_id: u.first }] },
    });
    expect(names.changes.old?.first_name).toBe(u.first_name);
    expect(names.changes.new?.first_name).toBe('Changed');
    expect(roles.changes.old?.assignments).toMatchObject([{ role_id: u.first }]);
    expect(roles.changes.new?.assignments).toMatchObject([{ role_id: u.second }]);
    expect(roles.changed_by).toMatchObject({ name: 'Default Administrator' });
    // Passwords are never part of a version.
    expect(JSON.stringify(page)).not.toMatch(/password/);
  });

  it('when an older version is restored, then names and roles come back and a restore entry names its source', async () => {
    const u = await userWithVersions();
    const created = (await history(u.id)).items[2];
    const res = await t.api('POST', `/api/users/history/${u.id}/restore/${created.id}`, {
      token: t.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      first_name: u.first_name,
      assignments: [{ department_id: u.dept, role_id: u.first }],
    });
    const after = await history(u.id);
    expect(after.total).toBe(4);
    expect(after.items[0]).toMatchObject({
      action: 'restore',
      restored_from: created.id,
      changes: { old: { first_name: 'Changed' }, new: { first_name: u.first_name } },
    });
  });

  it('when a deleted user is restored, then the account returns under its id with a new invitation', async () => {
    const u = await userWithVersions();
    await t.api('DELETE', `/api/users/delete/${u.id}`, { token: t.admin });
    const deleted = (await history(u.id)).items[0];
    expect(deleted.action).toBe('delete');
    const mailsBefore = t.mails().filter((m) => m.to.includes(u.email)).length;
    const res = await t.api('POST', `/api/users/history/${u.id}/restore/${deleted.id}`, {
      token: t.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: u.id,
      email: u.email,
      first_name: 'Changed',
      is_verified: false,
      assignments: [{ role_id: u.second }],
    });
    expect(t.mails().filter((m) => m.to.includes(u.email))).toHaveLength(mailsBefore + 1);
    expect((await history(u.id)).items.map((e: { action: string }) => e.action)).toEqual([
      'restore',
      'delete',
      'update',
      'update',
      'create',
    ]);
  });

  it('when a version cannot come back as it was, then it answers 409 and writes nothing', async () => {
    const u = await userWithVersions();
    const entries = (await history(u.id)).items;
    await t.api('PUT', `/api/users/${u.id}`, {
      token: t.admin,
      body: { assignments: [] },
    });
    expect((await t.api('DELETE', `/api/roles/${u.first}`, { token: t.admin })).status).toBe(200);
    const before = await countRows(t, 'user_history');
    const gone = await t.api('POST', `/api/users/history/${u.id}/restore/${entries[2].id}`, {
      token: t.admin,
    });
    expect(gone.status).toBe(409);
    expect(gone.body.code).toBe('CONFLICT');
    expect(gone.body.message).toContain(`role with id ${u.first}`);

    await t.api('DELETE', `/api/users/delete/${u.id}`, { token: t.admin });
    const deleted = (await history(u.id)).items[0];
    await t.api('POST', '/api/users', {
      token: t.admin,
      body: { ...newUserBody([], 'thief'), email: u.email },
    });
    const taken = await t.api('POST', `/api/users/history/${u.id}/restore/${deleted.id}`, {
      token: t.admin,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('EMAIL_TAKEN');
    expect(
      (await t.api('POST', `/api/users/history/${u.id}/restore/999999`, { token: t.admin })).status,
    ).toBe(404);
    expect(await countRows(t, 'user_history')).toBe(before + 2);
  });

  it('when staff restore a version with a role they could not assign, then it answers 403 PRIVILEGE_ESCALATION', async () => {
    const u = await userWithVersions();
    const staff = await personWith(t, u.dept, 'Users.UPDATE', 'Users.VIEW', 'Sop.LIST_VIEW');
    const entries = (await history(u.id, staff.token)).items;
    const res = await t.api('POST', `/api/users/history/${u.id}/restore/${entries[2].id}`, {
      token: staff.token,
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('PRIVILEGE_ESCALATION');
    expect(res.body.message).toContain('Sop.DOWNLOAD');
  });

  it('when staff who may edit but not add users restore a deleted user, then it answers 403; with Users.ADD it works', async () => {
    const u = await userWithVersions();
    await t.api('DELETE', `/api/users/delete/${u.id}`, { token: t.admin });
    const deleted = (await history(u.id)).items[0];
    const editor = await personWith(t, u.dept, 'Users.UPDATE', 'Sop.LIST_VIEW');
    const refused = await t.api('POST', `/api/users/history/${u.id}/restore/${deleted.id}`, {
      token: editor.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Users.ADD');
    // Staff of another department do not even learn that the entry exists.
    const outsider = await personWith(t, await addDepartment(t), 'Users.UPDATE', 'Users.ADD');
    const hidden = await t.api('POST', `/api/users/history/${u.id}/restore/${deleted.id}`, {
      token: outsider.token,
    });
    expect(hidden.status).toBe(404);
    const adder = await personWith(t, u.dept, 'Users.UPDATE', 'Users.ADD', 'Sop.LIST_VIEW');
    const ok = await t.api('POST', `/api/users/history/${u.id}/restore/${deleted.id}`, {
      token: adder.token,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.created_by.id).toBe(adder.id);
  });

  it('when someone restores a version of their own account with other roles, then it answers 403 SELF_MODIFICATION', async () => {
    const dept = await addDepartment(t);
    const staff = await personWith(t, dept, 'Users.UPDATE', 'Users.VIEW');
    const narrower = await addRole(t, dept, idsOf('Users.VIEW'));
    await t.api('PUT', `/api/users/${staff.id}`, {
      token: t.admin,
      body: { assignments: [{ department_id: dept, role_id: narrower }] },
    });
    await t.api('PUT', `/api/users/${staff.id}`, {
      token: t.admin,
      body: { assignments: [{ department_id: dept, role_id: staff.roleId }] },
    });
    const older = (await history(staff.id)).items[1];
    const res = await t.api('POST', `/api/users/history/${staff.id}/restore/${older.id}`, {
      token: staff.token,
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SELF_MODIFICATION');
  });

  it('when the history row cannot be written, then the user change, creation or deletion is not saved either', async () => {
    const u = await userWithVersions();
    const before = await t.api('GET', `/api/user/${u.id}`, { token: t.admin });
    const users = await countRows(t, 'users');
    await sql`alter table user_history rename to user_history_away`.execute(t.database.db);
    try {
      const change = await t.api('PUT', `/api/users/${u.id}`, {
        token: t.admin,
        body: { first_name: 'Lost', assignments: [{ department_id: u.dept, role_id: u.first }] },
      });
      expect(change.status).toBe(500);
      const create = await t.api('POST', '/api/users', {
        token: t.admin,
        body: newUserBody([], 'lost'),
      });
      expect(create.status).toBe(500);
      expect((await t.api('DELETE', `/api/users/delete/${u.id}`, { token: t.admin })).status).toBe(
        500,
      );
    } finally {
      await sql`alter table user_history_away rename to user_history`.execute(t.database.db);
    }
    expect((await t.api('GET', `/api/user/${u.id}`, { token: t.admin })).body).toEqual(before.body);
    expect(await countRows(t, 'users')).toBe(users);
  });

  it('when a user was moved to another department and deleted there, then a manager of the first department can neither restore an old version nor read the history', async () => {
    const u = await userWithVersions();
    const other = await addDepartment(t);
    const otherRole = await addRole(t, other, idsOf('Sop.DOWNLOAD'), `Other ${letters()}`);
    await t.api('PUT', `/api/users/${u.id}`, {
      token: t.admin,
      body: { assignments: [{ department_id: other, role_id: otherRole }] },
    });
    await t.api('DELETE', `/api/users/delete/${u.id}`, { token: t.admin });
    const entries = (await history(u.id)).items;
    const inFirstDepartment = entries.find((e: { action: string }) => e.action === 'create');

    const manager = await personWith(
      t,
      u.dept,
      'Users.LIST_VIEW',
      'Users.VIEW',
      'Users.ADD',
      'Users.UPDATE',
      'Users.DELETE',
      'Sop.DOWNLOAD',
      'Sop.LIST_VIEW',
    );
    const users = await countRows(t, 'users');
    const restore = await t.api(
      'POST',
      `/api/users/history/${u.id}/restore/${inFirstDepartment.id}`,
      {
        token: manager.token,
      },
    );
    expect(restore.status).toBe(404);
    expect(await countRows(t, 'users')).toBe(users);
    const read = await t.api('GET', `/api/users/history/${u.id}`, { token: manager.token });
    expect(read.status).toBe(404);
    expect(read.raw).not.toContain(u.email);
  });
});

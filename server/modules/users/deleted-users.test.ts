import { expect, it } from 'vitest';
import { deletedUserPageSchema, deletedUserSchema } from '../../../contract/deleted-users';
import { managedUserSchema } from '../../../contract/identity';
import { idsOf } from '../../../contract/permissions';
import { addDepartment, addPerson, addRole, letters } from '../../test-support/identity';
import { tokenFromMail } from '../../test-support/outbox';
import { describeApi, TEST_PUBLIC_URL } from '../../test-support/test-app';

describeApi('deleted users', (t) => {
  const exists = async (id: number) =>
    (await t.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()) !== undefined;

  it('when the admin deletes a user, then the user is listed as deleted with when and by whom, and restoring brings the account back with a new invitation', async () => {
    const dept = await addDepartment(t);
    const role = await addRole(t, dept, idsOf('Users.LIST_VIEW'));
    const person = await addPerson(t, { assignments: [{ department_id: dept, role_id: role }] });
    const before = Date.now();
    expect(
      (await t.api('DELETE', `/api/users/delete/${person.id}`, { token: t.admin })).status,
    ).toBe(200);

    const list = await t.api('GET', `/api/users/deleted?search=${person.username}`, {
      token: t.admin,
    });
    expect(list.status).toBe(200);
    const page = deletedUserPageSchema.parse(list.body);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: person.id,
      email: person.email,
      assignments: [{ department_id: dept, role_id: role }],
      deleted_by: { name: 'Default Administrator' },
    });
    expect(Date.parse(page.items[0].deleted_at)).toBeGreaterThanOrEqual(before - 1000);
    const byDepartment = async (name: string) =>
      deletedUserPageSchema
        .parse(
          (
            await t.api('GET', `/api/users/deleted?department_name=${encodeURIComponent(name)}`, {
              token: t.admin,
            })
          ).body,
        )
        .items.map((u) => u.id);
    expect(await byDepartment(page.items[0].assignments[0].department_name)).toEqual([person.id]);
    expect(await byDepartment('General')).not.toContain(person.id);
    const one = await t.api('GET', `/api/users/deleted/${person.id}`, { token: t.admin });
    expect(deletedUserSchema.parse(one.body)).toEqual(page.items[0]);

    const restored = await t.api(
      'POST',
      `/api/users/deleted/${person.id}/restore?verify_page_link=${TEST_PUBLIC_URL}`,
      { token: t.admin },
    );
    expect(restored.status).toBe(200);
    expect(managedUserSchema.parse(restored.body)).toMatchObject({
      id: person.id,
      email: person.email,
      status: 'active',
      assignments: [{ department_id: dept, role_id: role }],
    });
    // No longer deleted, and the history says it was restored from the deletion.
    expect((await t.api('GET', `/api/users/deleted/${person.id}`, { token: t.admin })).status).toBe(
      404,
    );
    const history = await t.api('GET', `/api/users/history/${person.id}`, { token: t.admin });
    expect(history.body.items[0]).toMatchObject({ action: 'restore' });
    expect(history.body.items[0].restored_from).toBe(history.body.items[1].id);
    expect(history.body.items[1]).toMatchObject({ action: 'delete' });

    // The invitation lets them choose a password and sign in again.
    const token = tokenFromMail(t.mails(), person.email, '/reset-password');
    expect(
      (await t.api('POST', `/api/verify/reset/${token}`, { body: { password: 'Back-Again-1' } }))
        .status,
    ).toBe(200);
    const own = await t.login(person.email, 'Back-Again-1');
    expect((await t.api('GET', '/api/users/me', { token: own })).body.email).toBe(person.email);

    // Restoring twice answers that the account exists, and changes nothing.
    const again = await t.api('POST', `/api/users/deleted/${person.id}/restore`, {
      token: t.admin,
    });
    expect(again.status).toBe(409);
  });

  it('when staff hold Users.DELETE in the department, then they may restore; with only ADD and UPDATE they may not, and outside it the user is not found', async () => {
    const dept = await addDepartment(t, `Restore ${letters()}`);
    const other = await addDepartment(t, `Elsewhere ${letters()}`);
    const plain = await addRole(t, dept, []);
    const deleter = await addRole(t, dept, idsOf('Users.LIST_VIEW', 'Users.VIEW', 'Users.DELETE'));
    const editor = await addRole(
      t,
      dept,
      idsOf('Users.LIST_VIEW', 'Users.VIEW', 'Users.ADD', 'Users.UPDATE'),
    );
    const outsider = await addRole(
      t,
      other,
      idsOf('Users.LIST_VIEW', 'Users.VIEW', 'Users.DELETE'),
    );
    const canDelete = await addPerson(t, {
      assignments: [{ department_id: dept, role_id: deleter }],
    });
    const canEdit = await addPerson(t, { assignments: [{ department_id: dept, role_id: editor }] });
    const stranger = await addPerson(t, {
      assignments: [{ department_id: other, role_id: outsider }],
    });
    const person = await addPerson(t, { assignments: [{ department_id: dept, role_id: plain }] });
    expect(
      (await t.api('DELETE', `/api/users/delete/${person.id}`, { token: canDelete.token })).status,
    ).toBe(200);

    const listed = async (token: string) =>
      deletedUserPageSchema
        .parse((await t.api('GET', '/api/users/deleted', { token })).body)
        .items.map((u) => u.id);
    expect(await listed(canDelete.token)).toContain(person.id);
    expect(await listed(stranger.token)).not.toContain(person.id);

    const restore = (token: string) =>
      t.api('POST', `/api/users/deleted/${person.id}/restore`, { token });
    expect((await restore(canEdit.token)).status).toBe(403);
    expect((await restore(stranger.token)).status).toBe(404);
    expect(await exists(person.id)).toBe(false);
    expect((await restore(canDelete.token)).status).toBe(200);
    expect(await exists(person.id)).toBe(true);
  });

  it('when the role a deleted user held was deleted since, then restoring answers 409 and writes nothing', async () => {
    const dept = await addDepartment(t);
    const role = await addRole(t, dept, []);
    const person = await addPerson(t, { assignments: [{ department_id: dept, role_id: role }] });
    await t.api('DELETE', `/api/users/delete/${person.id}`, { token: t.admin });
    expect((await t.api('DELETE', `/api/roles/${role}`, { token: t.admin })).status).toBe(200);
    const historyBefore = await t.api('GET', `/api/users/history/${person.id}`, {
      token: t.admin,
    });
    const res = await t.api('POST', `/api/users/deleted/${person.id}/restore`, { token: t.admin });
    expect(res.status).toBe(409);
    expect(await exists(person.id)).toBe(false);
    const historyAfter = await t.api('GET', `/api/users/history/${person.id}`, {
      token: t.admin,
    });
    expect(historyAfter.body.total).toBe(historyBefore.body.total);
  });
});

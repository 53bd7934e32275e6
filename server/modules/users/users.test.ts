import { expect, it } from 'vitest';
import { managedUserPageSchema, managedUserSchema } from '../../../contract/identity';
import { idsOf } from '../../../contract/permissions';
import {
  addDepartment,
  addPerson,
  addRole,
  countRows,
  GENERAL,
  letters,
} from '../../test-support/identity';
import { tokenFromMail } from '../../test-support/outbox';
import { describeApi, newUserBody, TEST_PUBLIC_URL } from '../../test-support/test-app';

describeApi('user administration', (t) => {
  it('when the admin adds a user, then an invitation mail lets them set a password, sign in and count as verified', async () => {
    const dept = await addDepartment(t);
    const role = await addRole(t, dept, idsOf('Users.LIST_VIEW'));
    const body = newUserBody([{ department_id: dept, role_id: role }]);
    const res = await t.api('POST', `/api/users?verify_page_link=${TEST_PUBLIC_URL}`, {
      token: t.admin,
      body,
    });
    expect(res.status).toBe(201);
    const user = managedUserSchema.parse(res.body);
    expect(user).toMatchObject({
      email: body.email,
      status: 'active',
      is_verified: false,
      is_defaultadmin: false,
      assignments: [{ department_id: dept, role_id: role }],
      created_by: { name: 'Default Administrator' },
    });
    const mail = t.mails().find((m) => m.to.includes(body.email));
    expect(mail?.subject).toBe('You are invited to Atrium');
    expect(mail?.text).toContain('Default Administrator');
    expect(mail?.links[0]).toMatch(`${TEST_PUBLIC_URL}/reset-password?token=`);

    // No password works before the invitation is followed.
    const early = await t.api('POST', '/api/users/login', {
      body: { email: body.email, password: '!no-password' },
    });
    expect(early.status).toBe(401);
    const token = tokenFromMail(t.mails(), body.email, '/reset-password');
    expect((await t.api('GET', `/api/verify/reset/${token}`)).body.email).toBe(body.email);
    const set = await t.api('POST', `/api/verify/reset/${token}`, {
      body: { password: 'Chosen-Pass-1' },
    });
    expect(set.status).toBe(200);
    const own = await t.login(body.email, 'Chosen-Pass-1');
    expect((await t.api('GET', '/api/users', { token: own })).status).toBe(200);
    const after = await t.api('GET', `/api/users/${body.email}`, { token: t.admin });
    expect(after.body.is_verified).toBe(true);
  });

  it('when a user is read by e-mail or id, then both answer the same; unknown ones 404, malformed 400', async () => {
    const person = await addPerson(t, { assignments: [{ department_id: GENERAL, role_id: 2 }] });
    const byEmail = await t.api('GET', `/api/users/${person.email.toUpperCase()}`, {
      token: t.admin,
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({
      id: person.id,
      assignments: [{ department_name: 'General', role_name: 'Staff' }],
    });
    expect((await t.api('GET', `/api/user/${person.id}`, { token: t.admin })).body).toEqual(
      byEmail.body,
    );
    expect((await t.api('GET', '/api/users/nobody@example.com', { token: t.admin })).status).toBe(
      404,
    );
    expect((await t.api('GET', '/api/user/999999', { token: t.admin })).status).toBe(404);
    expect((await t.api('GET', '/api/users/not-an-email', { token: t.admin })).status).toBe(400);
    expect((await t.api('GET', '/api/user/abc', { token: t.admin })).status).toBe(400);
  });

  it('when users are listed, then paging, search over names, e-mail and username, department and status filters apply', async () => {
    const tag = letters();
    const dept = await addDepartment(t, `Search ${tag}`);
    const role = await addRole(t, dept, []);
    const people = [];
    for (let i = 0; i < 3; i += 1)
      people.push(await addPerson(t, { assignments: [{ department_id: dept, role_id: role }] }));
    await t.database.db
      .updateTable('users')
      .set({ first_name: `Zed${tag}`, status: 'disabled' })
      .where('id', '=', people[2].id)
      .execute();

    const byDept = await t.api('GET', `/api/users?department_name=search%20${tag}&page=1&size=2`, {
      token: t.admin,
    });
    expect(managedUserPageSchema.parse(byDept.body)).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(byDept.body.items.map((u: { id: number }) => u.id)).toEqual([
      people[0].id,
      people[1].id,
    ]);
    const search = async (q: string) =>
      (await t.api('GET', `/api/users?search=${encodeURIComponent(q)}`, { token: t.admin })).body;
    expect((await search(`ZED${tag}`)).items.map((u: { id: number }) => u.id)).toEqual([
      people[2].id,
    ]);
    expect((await search(people[0].email)).total).toBe(1);
    expect((await search(people[1].username.toUpperCase())).items[0].id).toBe(people[1].id);
    // The search index follows renames and deletions.
    await t.api('PUT', `/api/users/${people[1].id}`, {
      token: t.admin,
      body: { last_name: `Quill${tag}` },
    });
    expect((await search(`quill${tag}`)).items.map((u: { id: number }) => u.id)).toEqual([
      people[1].id,
    ]);
    await t.api('DELETE', `/api/users/delete/${people[1].id}`, { token: t.admin });
    expect((await search(`quill${tag}`)).total).toBe(0);
    const disabled = await t.api(
      'GET',
      `/api/users?department_name=Search ${tag}&status=disabled`,
      {
        token: t.admin,
      },
    );
    expect(disabled.body.items.map((u: { id: number }) => u.id)).toEqual([people[2].id]);
    const defaults = await t.api('GET', '/api/users', { token: t.admin });
    expect(defaults.body).toMatchObject({ page: 1, size: 100 });
    expect((await t.api('GET', '/api/users?size=501', { token: t.admin })).status).toBe(400);
  });

  it('when input is bad or taken, then it answers 4xx with the field and writes nothing', async () => {
    const dept = await addDepartment(t);
    const other = await addDepartment(t);
    const role = await addRole(t, dept, []);
    const existing = await addPerson(t);
    const counts = async () =>
      Promise.all([
        countRows(t, 'users'),
        countRows(t, 'user_roles'),
        countRows(t, 'user_history'),
      ]);
    const before = await counts();
    const ok = newUserBody([{ department_id: dept, role_id: role }]);
    const cases: [object, number, string][] = [
      [{ ...ok, first_name: 'R2-D2' }, 400, 'first_name'],
      [{ ...ok, email: 'two words@example.com' }, 400, 'email'],
      [{ ...ok, username: 'x' }, 400, 'username'],
      [{ ...ok, status: 'gone' }, 400, 'status'],
      [{ ...ok, assignments: [ok.assignments[0], ok.assignments[0]] }, 400, 'assignments'],
      [
        { ...ok, assignments: [{ department_id: dept, role_id: 99999 }] },
        400,
        'assignments.0.role_id',
      ],
      [
        { ...ok, assignments: [{ department_id: 99999, role_id: role }] },
        400,
        'assignments.0.department_id',
      ],
      [
        { ...ok, assignments: [{ department_id: other, role_id: role }] },
        400,
        'assignments.0.role_id',
      ],
      [{ ...ok, email: existing.email.toUpperCase() }, 409, 'EMAIL_TAKEN'],
      [{ ...ok, username: existing.username.toUpperCase() }, 409, 'USERNAME_TAKEN'],
    ];
    for (const [body, status, what] of cases) {
      const res = await t.api('POST', '/api/users', { token: t.admin, body });
      expect(res.status, what).toBe(status);
      if (status === 409) expect(res.body.code).toBe(what);
      else expect(res.body.fields.map((f: { path: string }) => f.path)).toContain(what);
      expect(res.body.message.length).toBeGreaterThan(10);
    }
    const update = await t.api('PUT', `/api/users/${existing.id}`, {
      token: t.admin,
      body: { assignments: [{ department_id: other, role_id: role }] },
    });
    expect(update.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('when a user is updated through either path, then the fields change and their roles take effect on their next request', async () => {
    const dept = await addDepartment(t);
    const viewer = await addRole(t, dept, idsOf('Users.LIST_VIEW'));
    const roles = await addRole(t, dept, idsOf('Roles.LIST_VIEW'));
    const person = await addPerson(t, { assignments: [{ department_id: dept, role_id: viewer }] });
    expect((await t.api('GET', '/api/users', { token: person.token })).status).toBe(200);

    const renamed = await t.api('PUT', `/api/users/update/${person.id}`, {
      token: t.admin,
      body: { first_name: 'Renée', last_name: 'Dupont-Roy' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      first_name: 'Renée',
      last_name: 'Dupont-Roy',
      email: person.email,
    });
    expect(renamed.body.assignments).toHaveLength(1);

    const moved = await t.api('PUT', `/api/users/${person.id}`, {
      token: t.admin,
      body: { assignments: [{ department_id: dept, role_id: roles }] },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.updated_by).toMatchObject({ name: 'Default Administrator' });
    expect((await t.api('GET', '/api/users', { token: person.token })).status).toBe(403);
    expect((await t.api('GET', '/api/roles', { token: person.token })).status).toBe(200);
    const me = await t.api('GET', '/api/users/me', { token: person.token });
    expect(me.body.permissions.map((p: { role_id: number }) => p.role_id)).toEqual([roles]);
    expect(me.body.first_name).toBe('Renée');
    expect((await t.api('PUT', '/api/users/999999', { token: t.admin, body: {} })).status).toBe(
      404,
    );
  });

  it('when a user is disabled, then their token is refused on the next request and stays refused after enabling', async () => {
    const person = await addPerson(t, { assignments: [{ department_id: GENERAL, role_id: 2 }] });
    expect((await t.api('GET', '/api/users/me', { token: person.token })).status).toBe(200);
    const off = await t.api('PUT', `/api/users/${person.id}`, {
      token: t.admin,
      body: { status: 'disabled' },
    });
    expect(off.body.status).toBe('disabled');
    const refused = await t.api('GET', '/api/users/me', { token: person.token });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('SESSION_EXPIRED');
    // A later edit of other fields leaves the status as it is.
    const renamed = await t.api('PUT', `/api/users/${person.id}`, {
      token: t.admin,
      body: { last_name: 'Away' },
    });
    expect(renamed.body).toMatchObject({ last_name: 'Away', status: 'disabled' });
    await t.api('PUT', `/api/users/${person.id}`, { token: t.admin, body: { status: 'active' } });
    expect((await t.api('GET', '/api/users/me', { token: person.token })).status).toBe(401);
  });

  it('when a user is deleted, then their sessions end at once, the account is gone and its history stays', async () => {
    const person = await addPerson(t, { assignments: [{ department_id: GENERAL, role_id: 2 }] });
    const res = await t.api('DELETE', `/api/users/delete/${person.id}`, { token: t.admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain(person.email);
    const after = await t.api('GET', '/api/users/me', { token: person.token });
    expect(after.status).toBe(401);
    expect((await t.api('GET', `/api/user/${person.id}`, { token: t.admin })).status).toBe(404);
    const history = await t.api('GET', `/api/users/history/${person.id}`, { token: t.admin });
    expect(history.body.items[0]).toMatchObject({ action: 'delete', changes: { new: null } });
    expect(
      (await t.api('DELETE', `/api/users/delete/${person.id}`, { token: t.admin })).status,
    ).toBe(404);
  });
});

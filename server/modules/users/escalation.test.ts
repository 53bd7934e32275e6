/**
 * No privilege escalation: nobody gives a right they do not hold, one rule per test. This suite
 * starts its own app so the seeded administrator is the only default administrator when it
 * begins.
 */
import { beforeAll, expect, it } from 'vitest';
import { idsOf } from '../../../contract/permissions';
import {
  addDepartment,
  addPerson,
  addRole,
  countRows,
  GENERAL,
  letters,
  personWith,
} from '../../test-support/identity';
import { describeApi, newUserBody } from '../../test-support/test-app';

describeApi('no privilege escalation for users', (t) => {
  let adminId: number;
  beforeAll(async () => {
    adminId = (await t.api('GET', '/api/users/me', { token: t.admin })).body.id;
  });

  const body = (assignments: { department_id: number; role_id: number }[], extra = {}) => ({
    ...newUserBody(assignments, 'esc'),
    ...extra,
  });
  const writes = () =>
    Promise.all([countRows(t, 'users'), countRows(t, 'user_roles'), countRows(t, 'user_history')]);

  it('when the only default admin deletes or disables themselves, then it answers 409 LAST_DEFAULT_ADMIN', async () => {
    const del = await t.api('DELETE', `/api/users/delete/${adminId}`, { token: t.admin });
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({ code: 'LAST_DEFAULT_ADMIN' });
    expect(del.body.message).toMatch(/last active default administrator/);
    const off = await t.api('PUT', `/api/users/${adminId}`, {
      token: t.admin,
      body: { status: 'disabled' },
    });
    expect(off.status).toBe(409);
    const demote = await t.api('PUT', `/api/users/${adminId}`, {
      token: t.admin,
      body: { is_defaultadmin: false },
    });
    expect(demote.status).toBe(409);
    expect((await t.api('GET', '/api/users/me', { token: t.admin })).body.is_defaultadmin).toBe(
      true,
    );
  });

  it('when another default admin exists, then nobody deletes, disables or re-roles themselves (SELF_MODIFICATION), but may disable the other', async () => {
    const second = await addPerson(t, {
      is_defaultadmin: true,
      assignments: [{ department_id: GENERAL, role_id: 1 }],
    });
    const self = [
      ['DELETE', `/api/users/delete/${adminId}`, undefined],
      ['PUT', `/api/users/${adminId}`, { status: 'disabled' }],
      ['PUT', `/api/users/${adminId}`, { is_defaultadmin: false }],
      [
        'PUT',
        `/api/users/update/${adminId}`,
        { assignments: [{ department_id: GENERAL, role_id: 2 }] },
      ],
    ] as const;
    for (const [method, url, payload] of self) {
      const res = await t.api(method, url, { token: t.admin, body: payload });
      expect(res.status, `${method} ${JSON.stringify(payload)}`).toBe(403);
      expect(res.body.code).toBe('SELF_MODIFICATION');
    }
    // Their own names are theirs to change.
    const renamed = await t.api('PUT', `/api/users/${adminId}`, {
      token: t.admin,
      body: { first_name: 'Dee' },
    });
    expect(renamed.body).toMatchObject({ first_name: 'Dee' });

    const off = await t.api('PUT', `/api/users/${second.id}`, {
      token: t.admin,
      body: { status: 'disabled' },
    });
    expect(off.status).toBe(200);
    expect((await t.api('GET', '/api/users/me', { token: second.token })).status).toBe(401);
    // With the second one disabled, the seeded admin is again the last active one.
    const del = await t.api('DELETE', `/api/users/delete/${adminId}`, { token: t.admin });
    expect(del.body.code).toBe('LAST_DEFAULT_ADMIN');
  });

  it('when staff add a user, then only roles they could hold themselves, in their departments, without the admin flag, go through', async () => {
    const mine = await addDepartment(t);
    const theirs = await addDepartment(t);
    const staff = await personWith(t, mine, 'Users.ADD', 'Users.VIEW', 'Documents.VIEW');
    const weak = await addRole(t, mine, idsOf('Documents.VIEW'));
    const strong = await addRole(t, mine, idsOf('Documents.VIEW', 'Documents.DELETE'));
    const foreign = await addRole(t, theirs, []);
    const ok = await t.api('POST', '/api/users', {
      token: staff.token,
      body: body([{ department_id: mine, role_id: weak }]),
    });
    expect(ok.status).toBe(201);
    // Staff (2) is a role for every department: Query.QUERY_DOCUMENT and Documents.LIST_VIEW are not theirs.
    const before = await writes();
    const refusals: [object, string, RegExp][] = [
      [
        body([{ department_id: mine, role_id: strong }]),
        'PRIVILEGE_ESCALATION',
        /Documents\.DELETE/,
      ],
      [body([{ department_id: theirs, role_id: foreign }]), 'PRIVILEGE_ESCALATION', /Users\.ADD/],
      [
        body([{ department_id: mine, role_id: 2 }]),
        'PRIVILEGE_ESCALATION',
        /Query\.QUERY_DOCUMENT/,
      ],
      [
        body([{ department_id: mine, role_id: weak }], { is_defaultadmin: true }),
        'PRIVILEGE_ESCALATION',
        /default administrator/,
      ],
      [body([]), 'VALIDATION_ERROR', /at least one role/],
    ];
    for (const [payload, code, says] of refusals) {
      const res = await t.api('POST', '/api/users', { token: staff.token, body: payload });
      expect(res.body.code, says.source).toBe(code);
      expect(res.status).toBe(code === 'VALIDATION_ERROR' ? 400 : 403);
      expect(res.body.message).toMatch(says);
    }
    expect(await writes()).toEqual(before);
  });

  it('when staff change a user, then users with rights or departments beyond theirs, and default admins, are refused', async () => {
    const mine = await addDepartment(t);
    const theirs = await addDepartment(t);
    const staff = await personWith(
      t,
      mine,
      'Users.UPDATE',
      'Users.DELETE',
      'Users.VIEW',
      'Sop.DOWNLOAD',
    );
    const plain = await addRole(t, mine, idsOf('Sop.DOWNLOAD'));
    const strong = await addRole(t, mine, idsOf('Sop.DELETE'));
    const elsewhere = await addRole(t, theirs, []);
    const peer = await addPerson(t, { assignments: [{ department_id: mine, role_id: plain }] });
    const boss = await addPerson(t, { assignments: [{ department_id: mine, role_id: strong }] });
    const twoHomes = await addPerson(t, {
      assignments: [
        { department_id: mine, role_id: plain },
        { department_id: theirs, role_id: elsewhere },
      ],
    });
    const outsider = await addPerson(t, {
      assignments: [{ department_id: theirs, role_id: elsewhere }],
    });
    const admin2 = await addPerson(t, {
      is_defaultadmin: true,
      assignments: [{ department_id: mine, role_id: plain }],
    });

    expect(
      (
        await t.api('PUT', `/api/users/${peer.id}`, {
          token: staff.token,
          body: { last_name: 'Peer' },
        })
      ).status,
    ).toBe(200);
    const before = await writes();
    const refused: [number, object, number, string][] = [
      [boss.id, { last_name: 'Boss' }, 403, 'PRIVILEGE_ESCALATION'],
      [twoHomes.id, { email: `taken.${letters()}@example.com` }, 403, 'PRIVILEGE_ESCALATION'],
      [admin2.id, { status: 'disabled' }, 403, 'PRIVILEGE_ESCALATION'],
      [peer.id, { is_defaultadmin: true }, 403, 'PRIVILEGE_ESCALATION'],
      [
        peer.id,
        { assignments: [{ department_id: mine, role_id: strong }] },
        403,
        'PRIVILEGE_ESCALATION',
      ],
      [
        peer.id,
        { assignments: [{ department_id: theirs, role_id: elsewhere }] },
        403,
        'PRIVILEGE_ESCALATION',
      ],
      [outsider.id, { last_name: 'Outside' }, 404, 'NOT_FOUND'],
      [staff.id, { assignments: [] }, 403, 'SELF_MODIFICATION'],
    ];
    for (const [id, payload, status, code] of refused) {
      const res = await t.api('PUT', `/api/users/${id}`, { token: staff.token, body: payload });
      expect([res.status, res.body.code], JSON.stringify(payload)).toEqual([status, code]);
    }
    for (const id of [boss.id, twoHomes.id, admin2.id]) {
      const res = await t.api('DELETE', `/api/users/delete/${id}`, { token: staff.token });
      expect(res.status).toBe(403);
    }
    expect(
      (await t.api('DELETE', `/api/users/delete/${outsider.id}`, { token: staff.token })).status,
    ).toBe(404);
    const self = await t.api('DELETE', `/api/users/delete/${staff.id}`, { token: staff.token });
    expect(self.body.code).toBe('SELF_MODIFICATION');
    expect(await writes()).toEqual(before);
    expect(
      (await t.api('DELETE', `/api/users/delete/${peer.id}`, { token: staff.token })).status,
    ).toBe(200);
  });

  it('when staff list or read users, then only users of departments where they hold the right appear', async () => {
    const mine = await addDepartment(t, `Mine ${letters()}`);
    const theirs = await addDepartment(t);
    const staff = await personWith(t, mine, 'Users.LIST_VIEW', 'Users.VIEW');
    const role = await addRole(t, theirs, []);
    const outsider = await addPerson(t, {
      assignments: [{ department_id: theirs, role_id: role }],
    });
    const list = await t.api('GET', '/api/users?size=500', { token: staff.token });
    expect(list.body.items.map((u: { id: number }) => u.id)).toEqual([staff.id]);
    expect(list.body.total).toBe(1);
    expect((await t.api('GET', `/api/user/${outsider.id}`, { token: staff.token })).status).toBe(
      404,
    );
    expect(
      (await t.api('GET', `/api/users/${outsider.email}`, { token: staff.token })).status,
    ).toBe(404);
    expect(
      (await t.api('GET', `/api/users/history/${outsider.id}`, { token: staff.token })).status,
    ).toBe(404);
    // A right held in another department does not reach this one.
    const split = await addPerson(t, {
      assignments: [
        { department_id: theirs, role_id: await addRole(t, theirs, idsOf('Users.LIST_VIEW')) },
        { department_id: mine, role_id: await addRole(t, mine, []) },
      ],
    });
    const seen = await t.api('GET', '/api/users?size=500', { token: split.token });
    expect(seen.body.items.map((u: { id: number }) => u.id)).toEqual(
      expect.arrayContaining([outsider.id, split.id]),
    );
    expect(seen.body.items.map((u: { id: number }) => u.id)).not.toContain(staff.id);
  });
});

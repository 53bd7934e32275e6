import { expect, it } from 'vitest';
import { HELPDESK_ROLE_ID } from '../../../contract/access';
import { agentPageSchema, agentSchema } from '../../../contract/helpdesk-api';
import { idsOf } from '../../../contract/permissions';
import { addDepartment, addPerson, addRole, personWith } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

/** Helpdesk agents and administrators (SPEC §7): the role they get, history and scope. */
describeApi('helpdesk agents', (t) => {
  const holdsHelpdeskRole = async (userId: number, departmentId: number) =>
    Boolean(
      await t.database.db
        .selectFrom('user_roles')
        .select('id')
        .where('user_id', '=', userId)
        .where('department_id', '=', departmentId)
        .where('role_id', '=', HELPDESK_ROLE_ID)
        .executeTakeFirst(),
    );
  const historyOf = (userId: number) =>
    t.api('GET', `/api/users/history/${userId}`, { token: t.admin });

  it('when an agent is added, then the user holds the Helpdesk role there and their history says so', async () => {
    const dept = await addDepartment(t);
    const person = await addPerson(t);
    const res = await t.api('POST', '/api/helpdesk/agents', {
      token: t.admin,
      body: { user_id: person.id, department_id: dept, capacity: 7 },
    });
    expect(res.status).toBe(201);
    expect(agentSchema.parse(res.body)).toMatchObject({
      user_id: person.id,
      department_id: dept,
      status: 'available',
      capacity: 7,
    });
    expect(await holdsHelpdeskRole(person.id, dept)).toBe(true);
    const history = await historyOf(person.id);
    expect(history.status).toBe(200);
    const entry = history.body.items[0];
    expect(entry.action).toBe('update');
    expect(entry.changes.old.assignments).toEqual([]);
    expect(entry.changes.new.assignments).toEqual([
      expect.objectContaining({ department_id: dept, role_id: HELPDESK_ROLE_ID }),
    ]);

    const twice = await t.api('POST', '/api/helpdesk/agents', {
      token: t.admin,
      body: { user_id: person.id, department_id: dept },
    });
    expect(twice.status).toBe(409);
  });

  it('when an agent is added by e-mail, then the same user gets the role; an unknown e-mail is 404', async () => {
    const dept = await addDepartment(t);
    const person = await addPerson(t);
    const res = await t.api('POST', '/api/helpdesk/agents', {
      token: t.admin,
      body: { email: person.email.toUpperCase(), department_id: dept },
    });
    expect(res.status).toBe(201);
    expect(res.body.user_id).toBe(person.id);
    expect(await holdsHelpdeskRole(person.id, dept)).toBe(true);
    const unknown = await t.api('POST', '/api/helpdesk/agents', {
      token: t.admin,
      body: { email: 'nobody@example.com', department_id: dept },
    });
    expect(unknown.status).toBe(404);
    const neither = await t.api('POST', '/api/helpdesk/agents', {
      token: t.admin,
      body: { department_id: dept },
    });
    expect(neither.status).toBe(400);
  });

  it('when an agent is removed and added back, then the role goes and comes, each in the history', async () => {
    const dept = await addDepartment(t);
    const person = await addPerson(t);
    const added = await t.api('POST', '/api/helpdesk/agents', {
      token: t.admin,
      body: { user_id: person.id, department_id: dept },
    });
    const busy = await t.api('PUT', `/api/helpdesk/agents/${added.body.id}`, {
      token: t.admin,
      body: { status: 'away', capacity: 2 },
    });
    expect(busy.body).toMatchObject({ status: 'away', capacity: 2 });
    const removed = await t.api('PUT', `/api/helpdesk/agents/${added.body.id}`, {
      token: t.admin,
      body: { status: 'removed' },
    });
    expect(removed.status).toBe(200);
    expect(await holdsHelpdeskRole(person.id, dept)).toBe(false);
    const listed = await t.api('GET', `/api/helpdesk/agents?search=${person.email}`, {
      token: t.admin,
    });
    expect(agentPageSchema.parse(listed.body).total).toBe(0);
    const withRemoved = await t.api(
      'GET',
      `/api/helpdesk/agents?search=${person.email}&include_removed=true`,
      { token: t.admin },
    );
    expect(withRemoved.body.items[0].status).toBe('removed');
    const back = await t.api('POST', '/api/helpdesk/agents', {
      token: t.admin,
      body: { user_id: person.id, department_id: dept },
    });
    expect(back.status).toBe(201);
    expect(back.body.id).toBe(added.body.id);
    expect(await holdsHelpdeskRole(person.id, dept)).toBe(true);
    const history = await historyOf(person.id);
    // added, removed, added back: the status and capacity change alone touches no role.
    expect(history.body.total).toBe(3);
  });

  it('when staff without the Helpdesk role rights add an agent, then 403 and nothing changes', async () => {
    const dept = await addDepartment(t);
    const other = await addDepartment(t);
    const lead = await personWith(t, dept, 'Helpdesk.ADD', 'Helpdesk.LIST_VIEW', 'Users.UPDATE');
    // Someone the lead may manage: in the lead's department, with no right the lead lacks.
    const reader = await addRole(t, dept, idsOf('Helpdesk.LIST_VIEW'));
    const person = await addPerson(t, { assignments: [{ department_id: dept, role_id: reader }] });
    const res = await t.api('POST', '/api/helpdesk/agents', {
      token: lead.token,
      body: { user_id: person.id, department_id: dept },
    });
    expect(res.status).toBe(403);
    const elsewhere = await t.api('POST', '/api/helpdesk/agents', {
      token: lead.token,
      body: { user_id: person.id, department_id: other },
    });
    expect(elsewhere.status).toBe(403);
    expect(await holdsHelpdeskRole(person.id, dept)).toBe(false);
    const badInput = await t.api('POST', '/api/helpdesk/agents', {
      token: t.admin,
      body: { user_id: person.id, department_id: dept, capacity: 0 },
    });
    expect(badInput.status).toBe(400);
    const noUser = await t.api('POST', '/api/helpdesk/agents', {
      token: t.admin,
      body: { user_id: 999_999, department_id: dept },
    });
    expect(noUser.status).toBe(404);
  });

  it('when staff list agents, then only those of their departments come', async () => {
    const mine = await addDepartment(t);
    const theirs = await addDepartment(t);
    const a = await addPerson(t);
    const b = await addPerson(t);
    for (const [user, dept] of [
      [a.id, mine],
      [b.id, theirs],
    ])
      await t.api('POST', '/api/helpdesk/agents', {
        token: t.admin,
        body: { user_id: user, department_id: dept },
      });
    const viewer = await personWith(t, mine, 'Helpdesk.LIST_VIEW', 'Helpdesk.UPDATE');
    const list = await t.api('GET', '/api/helpdesk/agents?size=500', { token: viewer.token });
    const users = (list.body.items as { user_id: number }[]).map((i) => i.user_id);
    expect(users).toContain(a.id);
    expect(users).not.toContain(b.id);
    const all = await t.api('GET', `/api/helpdesk/agents?search=${b.email}`, { token: t.admin });
    const put = await t.api('PUT', `/api/helpdesk/agents/${all.body.items[0].id}`, {
      token: viewer.token,
      body: { capacity: 3 },
    });
    expect(put.status).toBe(404);
  });

  it('when a helpdesk administrator is named, then 201, a second time 409, and an unknown user 404', async () => {
    const dept = await addDepartment(t);
    const person = await addPerson(t, { assignments: [{ department_id: dept, role_id: 2 }] });
    const res = await t.api('POST', '/api/helpdesk/admin', {
      token: t.admin,
      body: { user_id: person.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user_id: person.id, email: person.email });
    const again = await t.api('POST', '/api/helpdesk/admin', {
      token: t.admin,
      body: { user_id: person.id },
    });
    expect(again.status).toBe(409);
    const missing = await t.api('POST', '/api/helpdesk/admin', {
      token: t.admin,
      body: { user_id: 999_999 },
    });
    expect(missing.status).toBe(404);
    const bad = await t.api('POST', '/api/helpdesk/admin', { token: t.admin, body: {} });
    expect(bad.status).toBe(400);
    // Staff name administrators only among the people of their own departments.
    const elsewhere = await addDepartment(t);
    const lead = await personWith(t, elsewhere, 'Helpdesk.ADD');
    const other = await addPerson(t, { assignments: [{ department_id: dept, role_id: 2 }] });
    const refused = await t.api('POST', '/api/helpdesk/admin', {
      token: lead.token,
      body: { user_id: other.id },
    });
    expect(refused.status).toBe(404);
  });
});

import { beforeAll, expect, it } from 'vitest';
import { HELPDESK_ROLE_ID } from '../../../contract/access';
import { allIdsOfModule, idsOf } from '../../../contract/permissions';
import { createHelpdesk } from '../../test-support/helpdesk';
import {
  addDepartment,
  addPerson,
  addRole,
  GENERAL,
  type Person,
} from '../../test-support/identity';
import { describeApi, TEST_ADMIN } from '../../test-support/test-app';

/**
 * Making someone a helpdesk agent gives them the Helpdesk role (their sign-in then leads to the
 * helpdesk site, which is told who they are), so a department's helpdesk staff do it only to
 * users they may manage, and a user they may not manage reads as one that does not exist.
 */
describeApi('helpdesk agents staff may attach', (t) => {
  let sales = 0;
  let lead: Person;
  let adminId = 0;
  let unknown: { status: number; body: unknown };

  beforeAll(async () => {
    sales = await addDepartment(t, 'Sales');
    // Sales' helpdesk lead: every Helpdesk right there, and may manage Sales' users.
    const leadRole = await addRole(t, sales, [
      ...allIdsOfModule('Helpdesk'),
      ...idsOf('Users.LIST_VIEW', 'Users.VIEW', 'Users.UPDATE'),
    ]);
    lead = await addPerson(t, { assignments: [{ department_id: sales, role_id: leadRole }] });
    adminId = (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', TEST_ADMIN.email)
        .executeTakeFirstOrThrow()
    ).id;
    await createHelpdesk(t, lead.token, { departments: [sales] });
    const res = await t.api('POST', '/api/helpdesk/agents', {
      token: lead.token,
      body: { user_id: 999_999, department_id: sales },
    });
    unknown = { status: res.status, body: res.body };
  });

  const attach = (body: Record<string, unknown>, token = lead.token) =>
    t.api('POST', '/api/helpdesk/agents', { token, body });
  const holdsHelpdeskRole = async (userId: number) =>
    Boolean(
      await t.database.db
        .selectFrom('user_roles')
        .select('id')
        .where('user_id', '=', userId)
        .where('role_id', '=', HELPDESK_ROLE_ID)
        .executeTakeFirst(),
    );

  it('when Sales helpdesk staff attach the default administrator to Sales, then 404 as for an unknown user, without a name or e-mail', async () => {
    expect(unknown.status).toBe(404);
    for (const body of [
      { user_id: adminId, department_id: sales },
      { email: TEST_ADMIN.email, department_id: sales },
    ]) {
      const res = await attach(body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
      expect(res.raw).not.toContain(TEST_ADMIN.email);
      expect(res.raw).not.toContain('Administrator');
    }
    expect(await holdsHelpdeskRole(adminId)).toBe(false);
    // Their sign-in stays theirs: no helpdesk role, so it leads to the console.
    const me = await t.api('GET', '/api/users/me', { token: t.admin });
    expect(JSON.stringify(me.body.permissions)).not.toContain(`"role_id":${HELPDESK_ROLE_ID}`);
  });

  it('when the default administrator also belongs to Sales, then staff still cannot attach or name them', async () => {
    const staffRole = await addRole(t, sales, idsOf('Helpdesk.LIST_VIEW'));
    const otherAdmin = await addPerson(t, {
      is_defaultadmin: true,
      assignments: [{ department_id: sales, role_id: staffRole }],
    });
    const res = await attach({ user_id: otherAdmin.id, department_id: sales });
    expect(res.status).toBe(404);
    expect(res.raw).not.toContain(otherAdmin.email);
    const named = await t.api('POST', '/api/helpdesk/admin', {
      token: lead.token,
      body: { user_id: otherAdmin.id },
    });
    expect(named.status).toBe(404);
    expect(named.raw).not.toContain(otherAdmin.email);
    expect(await holdsHelpdeskRole(otherAdmin.id)).toBe(false);
  });

  it('when staff attach someone of another department, or holding a right they lack, then 404 without their name or e-mail', async () => {
    const general = await addPerson(t, {
      assignments: [{ department_id: GENERAL, role_id: 2 }],
    });
    const stronger = await addRole(t, sales, idsOf('Users.DELETE'));
    const salesStronger = await addPerson(t, {
      assignments: [{ department_id: sales, role_id: stronger }],
    });
    const mixedRole = await addRole(t, sales, idsOf('Helpdesk.LIST_VIEW'));
    const mixed = await addPerson(t, {
      assignments: [
        { department_id: sales, role_id: mixedRole },
        { department_id: GENERAL, role_id: 2 },
      ],
    });
    for (const person of [general, salesStronger, mixed]) {
      const res = await attach({ user_id: person.id, department_id: sales });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
      expect(res.raw).not.toContain(person.email);
      expect(await holdsHelpdeskRole(person.id)).toBe(false);
      const named = await t.api('POST', '/api/helpdesk/admin', {
        token: lead.token,
        body: { user_id: person.id },
      });
      expect(named.status).toBe(404);
      expect(named.raw).not.toContain(person.email);
    }
  });

  it('when staff attach a Sales user they may manage, then 201; an administrator attaches anyone', async () => {
    const role = await addRole(t, sales, idsOf('Helpdesk.LIST_VIEW', 'Users.VIEW'));
    const member = await addPerson(t, { assignments: [{ department_id: sales, role_id: role }] });
    const res = await attach({ email: member.email, department_id: sales });
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toMatchObject({ user_id: member.id, email: member.email });
    expect(await holdsHelpdeskRole(member.id)).toBe(true);
    const general = await addPerson(t, {
      assignments: [{ department_id: GENERAL, role_id: 2 }],
    });
    expect((await attach({ user_id: general.id, department_id: sales }, t.admin)).status).toBe(201);
  });

  it('when an administrator was an agent in Sales and was removed, then Sales staff cannot give the role back', async () => {
    const added = await attach({ user_id: adminId, department_id: sales }, t.admin);
    expect(added.status).toBe(201);
    const removed = await t.api('PUT', `/api/helpdesk/agents/${added.body.id}`, {
      token: t.admin,
      body: { status: 'removed' },
    });
    expect(removed.status).toBe(200);
    const back = await t.api('PUT', `/api/helpdesk/agents/${added.body.id}`, {
      token: lead.token,
      body: { status: 'available' },
    });
    expect(back.status).toBe(403);
    expect(await holdsHelpdeskRole(adminId)).toBe(false);
  });
});

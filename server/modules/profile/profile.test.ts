import { expect, it } from 'vitest';
import {
  MODULE_ACTIONS,
  PERMISSION_CATALOGUE,
  idsOf,
  allIdsOfModule,
} from '../../../contract/permissions';
import { userProfileSchema } from '../../../contract/profile';
import { emailAccountPageSchema } from '../../../contract/email-agents';
import { describeApi, signedInUser, TEST_ADMIN } from '../../test-support/test-app';

describeApi('own profile, seed and catalogue', (t) => {
  it('when the server starts the first time, then the default administrator has every right through Administrator in General', async () => {
    const res = await t.api('GET', '/api/users/me', { token: t.admin });
    expect(res.status).toBe(200);
    const profile = userProfileSchema.parse(res.body);
    expect(profile).toMatchObject({
      email: TEST_ADMIN.email,
      is_defaultadmin: true,
      is_verified: true,
    });
    expect(profile.permissions).toEqual([
      expect.objectContaining({
        role_id: 1,
        role_name: 'Administrator',
        department_id: 1,
        department_name: 'General',
      }),
    ]);
    // Every right each module has (a pair no module has, such as Users.QUERY_DOCUMENT, is no right).
    for (const entry of profile.permissions[0].actions)
      for (const action of MODULE_ACTIONS[entry.module_name]) expect(entry[action]).toBe(true);
    const alias = await t.api('GET', '/api/user/me', { token: t.admin });
    expect(alias.body).toEqual(res.body);
  });

  it('when the seed runs, then the roles have their fixed ids and permission sets', async () => {
    const roles = await t.database.db
      .selectFrom('roles')
      .select(['id', 'name', 'permission_set'])
      .orderBy('id')
      .execute();
    const sets = roles.map((r) => ({
      id: r.id,
      name: r.name,
      set: (JSON.parse(r.permission_set) as number[]).sort((a, b) => a - b),
    }));
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(sets).toEqual([
      { id: 1, name: 'Administrator', set: sorted(PERMISSION_CATALOGUE.map((p) => p.id)) },
      {
        id: 2,
        name: 'Staff',
        set: sorted(idsOf('Query.QUERY_DOCUMENT', 'Documents.LIST_VIEW', 'Documents.VIEW')),
      },
      { id: 3, name: 'Helpdesk', set: sorted(allIdsOfModule('Helpdesk')) },
      {
        id: 4,
        name: 'Trial',
        set: sorted(
          idsOf(
            'Service_agent.ADD',
            'Service_agent.UPDATE',
            'Service_agent.VIEW',
            'Service_agent.LIST_VIEW',
            'Service_agent.DELETE',
            'Query.QUERY_DOCUMENT',
            'Documents.ADD',
            'Documents.LIST_VIEW',
            'Documents.VIEW',
            'Documents.DELETE',
          ),
        ),
      },
    ]);
    // New rows get ids after the fixed ones (PostgreSQL sequences were moved past them).
    const now = new Date().toISOString();
    const added = await t.database.db
      .insertInto('roles')
      .values({
        name: 'Extra',
        department_id: null,
        permission_set: '[]',
        description: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(5);
    await t.database.db.deleteFrom('roles').where('id', '=', added.id).execute();
  });

  it('when the catalogue is asked for, then it lists 9 modules × 8 actions with the contract ids, signed-in only', async () => {
    const res = await t.api('GET', '/api/permissions', { token: t.admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(PERMISSION_CATALOGUE);
    expect((await t.api('GET', '/api/permissions')).status).toBe(401);
  });

  it('when a user changes their names, then the profile shows them; e-mail and admin flag cannot be sent', async () => {
    const { token, ...who } = await signedInUser(t);
    const ok = await t.api('PUT', '/api/users/me', {
      token,
      body: { first_name: 'Ana María', last_name: 'López-Ruiz' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      first_name: 'Ana María',
      last_name: 'López-Ruiz',
      email: who.email,
    });
    expect((await t.api('GET', '/api/users/me', { token })).body.first_name).toBe('Ana María');

    for (const body of [
      { email: 'new@example.com' },
      { is_defaultadmin: true },
      { first_name: 'X', permissions: [] },
    ]) {
      const res = await t.api('PUT', '/api/users/me', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const after = await t.api('GET', '/api/users/me', { token });
    expect(after.body).toMatchObject({
      email: who.email,
      is_defaultadmin: false,
      first_name: 'Ana María',
    });
  });

  it('when a user takes a username someone else has, then it answers 409 USERNAME_TAKEN; their own is fine', async () => {
    const { token, ...who } = await signedInUser(t);
    const admin = await t.api('GET', '/api/users/me', { token: t.admin });
    const taken = await t.api('PUT', '/api/users/me', {
      token,
      body: { username: admin.body.username.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('USERNAME_TAKEN');
    expect(
      (await t.api('PUT', '/api/users/me', { token, body: { username: who.username } })).status,
    ).toBe(200);
  });

  it('when email accounts are listed, then Email_agent.LIST_VIEW is needed and the answer is a page', async () => {
    const res = await t.api('GET', '/api/email-agent?page=1&size=100', { token: t.admin });
    expect(res.status).toBe(200);
    expect(emailAccountPageSchema.parse(res.body)).toEqual({
      items: [],
      total: 0,
      page: 1,
      size: 100,
    });
    await t.database.db
      .insertInto('email_agents')
      .values([
        {
          email: 'sales@example.com',
          title: 'Sales',
          status: 1,
          department_id: 1,
          created_at: new Date().toISOString(),
        },
        {
          email: 'help@example.com',
          title: 'Support',
          status: 0,
          department_id: 1,
          created_at: new Date().toISOString(),
        },
      ])
      .execute();
    const found = await t.api('GET', '/api/email-agent?search=SUPP', { token: t.admin });
    expect(found.body).toMatchObject({
      total: 1,
      items: [{ email: 'help@example.com', title: 'Support', status: false }],
    });
    expect((await t.api('GET', '/api/email-agent?size=0', { token: t.admin })).status).toBe(400);

    const { token: trialToken } = await signedInUser(t);
    const denied = await t.api('GET', '/api/email-agent', { token: trialToken });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('FORBIDDEN');
  });
});

import { describe, expect, it } from 'vitest';
import { helpdeskPageSchema, helpdeskSchema } from '../../../contract/helpdesk-api';
import { createHelpdesk, helpdeskBody } from '../../test-support/helpdesk';
import { addDepartment, personWith } from '../../test-support/identity';
import { describeApi } from '../../test-support/test-app';

/** Helpdesk integrations (SPEC §7 Helpdesk): every call, its checks and its scope. */
describeApi('helpdesk integrations', (t) => {
  const count = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('helpdesks')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('when an administrator adds a helpdesk, then it answers 201 with the secret once, stored sealed', async () => {
    const res = await t.api('POST', '/api/helpdesk', {
      token: t.admin,
      body: helpdeskBody({ site_url: 'https://desk.example.com/' }),
    });
    expect(res.status).toBe(201);
    const created = helpdeskSchema.parse(res.body);
    expect(created).toMatchObject({
      name: 'Service desk',
      site_url: 'https://desk.example.com',
      callback_path: '/auth/callback',
      webhook_path: '/webhooks/atrium',
      status: true,
      departments: [1],
      department_names: ['General'],
      pending_deliveries: 0,
    });
    expect(created.signing_secret).toMatch(new RegExp(`^hds_${created.id}\\.[A-Za-z0-9_-]{43}$`));
    const row = await t.database.db
      .selectFrom('helpdesks')
      .select('secret_sealed')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(created.signing_secret?.slice(-20));
    const again = await t.api('GET', `/api/helpdesk/${created.id}`, { token: t.admin });
    expect(again.status).toBe(200);
    expect(again.body.signing_secret).toBeUndefined();
    const listed = await t.api('GET', '/api/helpdesk', { token: t.admin });
    expect(JSON.stringify(listed.body)).not.toContain(created.signing_secret);
  });

  it('when the input is bad, then 400 names the fields and nothing is stored', async () => {
    const before = await count();
    const res = await t.api('POST', '/api/helpdesk', {
      token: t.admin,
      body: { name: '', site_url: 'ftp://x', callback_path: 'no-slash', departments: [] },
    });
    expect(res.status).toBe(400);
    const paths = (res.body.fields as { path: string }[]).map((f) => f.path).sort();
    expect(paths).toEqual(['callback_path', 'departments', 'name', 'site_url']);
    const unknown = await t.api('POST', '/api/helpdesk', {
      token: t.admin,
      body: helpdeskBody({ departments: [999_999] }),
    });
    expect(unknown.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('when the list is searched, then only matching helpdesks come, paged', async () => {
    await createHelpdesk(t, t.admin, { name: 'Zebra desk' });
    await createHelpdesk(t, t.admin, { name: 'Other desk' });
    const res = await t.api('GET', '/api/helpdesk?search=zebra&page=1&size=10', {
      token: t.admin,
    });
    expect(res.status).toBe(200);
    const page = helpdeskPageSchema.parse(res.body);
    expect(page.items.map((h) => h.name)).toEqual(['Zebra desk']);
    expect(page).toMatchObject({ total: 1, page: 1, size: 10 });
  });

  it('when a helpdesk is updated, then the fields change, and rotating gives a new secret once', async () => {
    const created = await createHelpdesk(t, t.admin);
    const res = await t.api('PUT', `/api/helpdesk/${created.id}`, {
      token: t.admin,
      body: { name: 'Renamed', status: false, callback_path: '/sso' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', status: false, callback_path: '/sso' });
    expect(res.body.signing_secret).toBeUndefined();
    const rotated = await t.api('PUT', `/api/helpdesk/${created.id}`, {
      token: t.admin,
      body: { rotate_secret: true },
    });
    expect(rotated.body.signing_secret).toMatch(/^hds_/);
    expect(rotated.body.signing_secret).not.toBe(created.signing_secret);
    const missing = await t.api('PUT', '/api/helpdesk/999999', { token: t.admin, body: {} });
    expect(missing.status).toBe(404);
  });

  describe('rights', () => {
    it('when staff hold Helpdesk rights in one department, then they see and change only its helpdesks', async () => {
      const sales = await addDepartment(t);
      const depot = await addDepartment(t);
      const theirs = await createHelpdesk(t, t.admin, { departments: [sales], name: 'Sales desk' });
      const other = await createHelpdesk(t, t.admin, { departments: [depot], name: 'Depot desk' });
      const staff = await personWith(
        t,
        sales,
        'Helpdesk.LIST_VIEW',
        'Helpdesk.VIEW',
        'Helpdesk.UPDATE',
        'Helpdesk.ADD',
      );
      const list = await t.api('GET', '/api/helpdesk?size=500', { token: staff.token });
      const names = (list.body.items as { name: string }[]).map((h) => h.name);
      expect(names).toContain('Sales desk');
      expect(names).not.toContain('Depot desk');
      expect(
        (await t.api('GET', `/api/helpdesk/${theirs.id}`, { token: staff.token })).status,
      ).toBe(200);
      expect((await t.api('GET', `/api/helpdesk/${other.id}`, { token: staff.token })).status).toBe(
        404,
      );
      const put = await t.api('PUT', `/api/helpdesk/${other.id}`, {
        token: staff.token,
        body: { name: 'Taken over' },
      });
      expect(put.status).toBe(404);
      const widen = await t.api('PUT', `/api/helpdesk/${theirs.id}`, {
        token: staff.token,
        body: { departments: [sales, depot] },
      });
      expect(widen.status).toBe(403);
      const add = await t.api('POST', '/api/helpdesk', {
        token: staff.token,
        body: helpdeskBody({ departments: [depot] }),
      });
      expect(add.status).toBe(403);
    });

    it('when someone without Helpdesk rights calls, then every helpdesk route answers 403', async () => {
      const dept = await addDepartment(t);
      const nobody = await personWith(t, dept, 'Users.LIST_VIEW');
      const calls: [string, string, unknown?][] = [
        ['POST', '/api/helpdesk', helpdeskBody()],
        ['GET', '/api/helpdesk'],
        ['GET', '/api/helpdesk/1'],
        ['PUT', '/api/helpdesk/1', { name: 'x' }],
        ['POST', '/api/helpdesk/admin', { user_id: 1 }],
        ['GET', '/api/helpdesk/agents'],
        ['POST', '/api/helpdesk/agents', { user_id: 1, department_id: 1 }],
        ['PUT', '/api/helpdesk/agents/1', { capacity: 2 }],
        ['POST', '/api/helpdesk/handoff', {}],
      ];
      for (const [method, url, body] of calls) {
        const res = await t.api(method as 'GET', url, { token: nobody.token, body });
        expect(`${method} ${url} ${res.status}`).toBe(`${method} ${url} 403`);
        const anonymous = await t.api(method as 'GET', url, { body });
        expect(anonymous.status).toBe(401);
      }
    });
  });
});

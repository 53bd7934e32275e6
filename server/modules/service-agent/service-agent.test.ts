import { beforeAll, describe, expect, it } from 'vitest';
import { serviceAgentPageSchema, serviceAgentSchema } from '../../../contract/service-agent';
import { addDepartment, personWith } from '../../test-support/identity';
import { describeApi, trialUser } from '../../test-support/test-app';
import { createWidget, widgetBody } from '../../test-support/widgets';

/** The console's widget calls (SPEC §7 Chat widget): every call, its checks and its scope. */
describeApi('chat widgets', (t) => {
  const widgetCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('service_agents')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const fieldsOf = (body: { fields?: { path: string; message: string }[] }) =>
    Object.fromEntries((body.fields ?? []).map((f) => [f.path, f.message]));

  it('when an administrator creates a widget, then it answers 201 with a random key and the defaults', async () => {
    const res = await t.api('POST', '/api/service-agent', {
      token: t.admin,
      body: widgetBody({
        allowed_hosts: ['Shop.Example.com', '*.example.com', 'shop.example.com'],
      }),
    });
    expect(res.status).toBe(201);
    const widget = serviceAgentSchema.parse(res.body);
    expect(widget.client_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(widget).toMatchObject({
      client_name: 'Acme help',
      fg_color: '#ffffff',
      bg_color: '#321fdb',
      target_areas: [1],
      target_area_names: ['General'],
      allowed_hosts: ['shop.example.com', '*.example.com'],
      status: true,
      daily_message_quota: 1000,
      messages_today: 0,
      created_by: { name: 'Default Administrator' },
    });
    // No welcome given: each visitor is greeted in their own language by the widget.
    expect(widget.welcome_message).toBe('');
    const other = await createWidget(t, t.admin);
    expect(other.client_id).not.toBe(widget.client_id);
  });

  it('when a widget is read by its id or by its client_id, then both answer the same widget', async () => {
    const created = await createWidget(t, t.admin, { client_name: 'Read me' });
    const byId = await t.api('GET', `/api/service-agent/${created.id}`, { token: t.admin });
    const byKey = await t.api('GET', `/api/service-agent/${created.client_id}`, {
      token: t.admin,
    });
    expect(byId.status).toBe(200);
    expect(byKey.body).toEqual(byId.body);
    const missing = await t.api('GET', '/api/service-agent/999999', { token: t.admin });
    expect(missing.status).toBe(404);
  });

  it('when the list is asked without paging, then page 1 of size 5 comes, and search filters by name', async () => {
    for (const name of ['Alpha desk', 'Beta desk', 'Gamma desk', 'Delta desk', 'Eps desk'])
      await createWidget(t, t.admin, { client_name: name });
    const res = await t.api('GET', '/api/service-agent', { token: t.admin });
    expect(res.status).toBe(200);
    const page = serviceAgentPageSchema.parse(res.body);
    expect(page).toMatchObject({ page: 1, size: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThanOrEqual(7);
    const found = await t.api('GET', '/api/service-agent?search=gamma', { token: t.admin });
    expect(found.body.items.map((w: { client_name: string }) => w.client_name)).toEqual([
      'Gamma desk',
    ]);
    const second = await t.api('GET', '/api/service-agent?page=2&size=3', { token: t.admin });
    expect(second.body).toMatchObject({ page: 2, size: 3 });
  });

  it('when a PUT carries only the status, then only the status changes (the list toggle)', async () => {
    const created = await createWidget(t, t.admin, { welcome_message: 'Hi there' });
    const off = await t.api('PUT', `/api/service-agent/${created.client_id}`, {
      token: t.admin,
      body: { status: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ status: false, welcome_message: 'Hi there' });
    expect(off.body.allowed_hosts).toEqual(created.allowed_hosts);
    const on = await t.api('PUT', `/api/service-agent/${created.id}`, {
      token: t.admin,
      body: { status: true },
    });
    expect(on.body.status).toBe(true);
  });

  it('when a PUT changes the look, hosts and quota, then they are saved as sent', async () => {
    const created = await createWidget(t, t.admin);
    const res = await t.api('PUT', `/api/service-agent/${created.id}`, {
      token: t.admin,
      body: {
        client_name: 'Renamed',
        fg_color: '#ABC',
        bg_color: '#102030',
        allowed_hosts: ['localhost:5173'],
        welcome_message: 'Welcome!\nAsk away.',
        daily_message_quota: 50,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      client_name: 'Renamed',
      fg_color: '#abc',
      bg_color: '#102030',
      allowed_hosts: ['localhost:5173'],
      welcome_message: 'Welcome!\nAsk away.',
      daily_message_quota: 50,
      target_areas: [1],
    });
  });

  it('when colours, hosts or the quota are bad, then 400 names each field and nothing is saved', async () => {
    const before = await widgetCount();
    const res = await t.api('POST', '/api/service-agent', {
      token: t.admin,
      body: widgetBody({
        fg_color: 'red',
        bg_color: '#12345',
        allowed_hosts: ['https://shop.example.com', 'ok.example.com', '*.com', 'a.com:99999'],
        daily_message_quota: 0,
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(res.body)).toEqual({
      fg_color: 'validation:hexColor',
      bg_color: 'validation:hexColor',
      'allowed_hosts.0': 'validation:widgetHost',
      'allowed_hosts.2': 'validation:widgetHost',
      'allowed_hosts.3': 'validation:widgetHost',
      daily_message_quota: 'validation:numberRange',
    });
    for (const hosts of [[], ['shop.example.com/path'], ['user@shop.example.com']]) {
      const bad = await t.api('POST', '/api/service-agent', {
        token: t.admin,
        body: widgetBody({ allowed_hosts: hosts }),
      });
      expect(bad.status, JSON.stringify(hosts)).toBe(400);
    }
    const noName = await t.api('POST', '/api/service-agent', {
      token: t.admin,
      body: widgetBody({ client_name: '  ', target_areas: [] }),
    });
    expect(fieldsOf(noName.body)).toEqual({
      client_name: 'validation:required',
      target_areas: 'validation:required',
    });
    expect(await widgetCount()).toBe(before);
  });

  it('when a PUT carries a bad value, then 400 and the widget is unchanged', async () => {
    const created = await createWidget(t, t.admin);
    const res = await t.api('PUT', `/api/service-agent/${created.id}`, {
      token: t.admin,
      body: { client_name: 'Changed', bg_color: 'blue', allowed_hosts: ['*'] },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(fieldsOf(res.body)).sort()).toEqual(['allowed_hosts.0', 'bg_color']);
    const after = await t.api('GET', `/api/service-agent/${created.id}`, { token: t.admin });
    expect(after.body.client_name).toBe('Acme help');
  });

  it('when a target area is not a department, then 400 on target_areas and nothing is saved', async () => {
    const before = await widgetCount();
    const res = await t.api('POST', '/api/service-agent', {
      token: t.admin,
      body: widgetBody({ target_areas: [1, 987654] }),
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual({ target_areas: 'validation:unknownDepartment' });
    expect(await widgetCount()).toBe(before);
  });

  it('when a widget is deleted, then it is gone and a second delete answers 404', async () => {
    const created = await createWidget(t, t.admin);
    const res = await t.api('DELETE', `/api/service-agent/${created.client_id}`, {
      token: t.admin,
    });
    expect(res.status).toBe(200);
    expect(
      (await t.api('GET', `/api/service-agent/${created.id}`, { token: t.admin })).status,
    ).toBe(404);
    const again = await t.api('DELETE', `/api/service-agent/${created.id}`, { token: t.admin });
    expect(again.status).toBe(404);
  });

  describe('Trial users', () => {
    let ann: Awaited<ReturnType<typeof trialUser>>;
    let ben: Awaited<ReturnType<typeof trialUser>>;
    let annWidget: { id: number; client_id: string };

    beforeAll(async () => {
      ann = await trialUser(t, 'annwidget');
      ben = await trialUser(t, 'benwidget');
      annWidget = await createWidget(t, ann.token, {
        client_name: 'Ann shop',
        target_areas: [ann.department],
      });
    });

    it('when a Trial user creates a widget on their sandbox, then they see it and only theirs', async () => {
      const list = await t.api('GET', '/api/service-agent', { token: ann.token });
      expect(list.status).toBe(200);
      expect(list.body.items.map((w: { id: number }) => w.id)).toEqual([annWidget.id]);
      const own = await t.api('GET', `/api/service-agent/${annWidget.client_id}`, {
        token: ann.token,
      });
      expect(own.status).toBe(200);
      const edited = await t.api('PUT', `/api/service-agent/${annWidget.id}`, {
        token: ann.token,
        body: { status: false },
      });
      expect(edited.body.status).toBe(false);
    });

    it('when another Trial user reads, changes, deletes or asks for the history of it, then 404', async () => {
      expect((await t.api('GET', '/api/service-agent', { token: ben.token })).body.items).toEqual(
        [],
      );
      const paths = [
        ['GET', `/api/service-agent/${annWidget.id}`],
        ['GET', `/api/service-agent/${annWidget.client_id}`],
        ['PUT', `/api/service-agent/${annWidget.id}`],
        ['DELETE', `/api/service-agent/${annWidget.client_id}`],
        ['GET', `/api/service-agent/history/${annWidget.client_id}`],
      ] as const;
      for (const [method, path] of paths) {
        const res = await t.api(method, path, {
          token: ben.token,
          ...(method === 'PUT' ? { body: { client_name: 'Taken over' } } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      const still = await t.api('GET', `/api/service-agent/${annWidget.id}`, { token: t.admin });
      expect(still.body.client_name).toBe('Ann shop');
    });

    it("when a Trial user points a widget at another department's knowledge, then 403 and nothing is saved", async () => {
      const before = await widgetCount();
      for (const areas of [[1], [ben.department], [ann.department, 1]]) {
        const res = await t.api('POST', '/api/service-agent', {
          token: ann.token,
          body: widgetBody({ target_areas: areas }),
        });
        expect(res.status, JSON.stringify(areas)).toBe(403);
      }
      const moved = await t.api('PUT', `/api/service-agent/${annWidget.id}`, {
        token: ann.token,
        body: { target_areas: [1] },
      });
      expect(moved.status).toBe(403);
      expect(await widgetCount()).toBe(before);
    });
  });

  it('when staff hold Service_agent rights in one department, then they manage only widgets answering from it', async () => {
    const sales = await addDepartment(t);
    const legal = await addDepartment(t);
    const editor = await personWith(
      t,
      sales,
      'Service_agent.ADD',
      'Service_agent.LIST_VIEW',
      'Service_agent.VIEW',
      'Service_agent.UPDATE',
      'Query.QUERY_DOCUMENT',
    );
    const mine = await createWidget(t, editor.token, { target_areas: [sales] });
    const theirs = await createWidget(t, t.admin, { target_areas: [legal] });
    const both = await createWidget(t, t.admin, { target_areas: [sales, legal] });
    const listed = await t.api('GET', '/api/service-agent?size=100', { token: editor.token });
    expect(listed.body.items.map((w: { id: number }) => w.id)).toEqual([mine.id]);
    for (const other of [theirs, both])
      expect(
        (await t.api('GET', `/api/service-agent/${other.id}`, { token: editor.token })).status,
      ).toBe(404);
    const deleting = await t.api('DELETE', `/api/service-agent/${mine.id}`, {
      token: editor.token,
    });
    expect(deleting.status).toBe(403);
  });

  it('when staff may manage widgets but not query a department, then they may not publish it', async () => {
    const dept = await addDepartment(t);
    const editor = await personWith(t, dept, 'Service_agent.ADD', 'Service_agent.LIST_VIEW');
    const res = await t.api('POST', '/api/service-agent', {
      token: editor.token,
      body: widgetBody({ target_areas: [dept] }),
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('when a user holds no Service_agent right, then every console call answers 403', async () => {
    const dept = await addDepartment(t);
    const reader = await personWith(t, dept, 'Query.QUERY_DOCUMENT');
    const created = await createWidget(t, t.admin);
    const calls = [
      ['GET', '/api/service-agent'],
      ['POST', '/api/service-agent'],
      ['GET', `/api/service-agent/${created.id}`],
      ['PUT', `/api/service-agent/${created.id}`],
      ['DELETE', `/api/service-agent/${created.id}`],
      ['GET', `/api/service-agent/history/${created.client_id}`],
    ] as const;
    for (const [method, path] of calls)
      expect((await t.api(method, path, { token: reader.token })).status, path).toBe(403);
  });
});

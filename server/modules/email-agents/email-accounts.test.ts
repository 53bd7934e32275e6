import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  connectionTestSchema,
  emailAccountPageSchema,
  emailAccountSchema,
  emailHistoryPageSchema,
} from '../../../contract/email-agents';
import { accountBody, createAccount, mailAppEnv, mailUser } from '../../test-support/email';
import { addDepartment, personWith } from '../../test-support/identity';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi } from '../../test-support/test-app';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(async () => servers?.stop());

/** The e-mail accounts' calls (SPEC §7 /email-agent): every call, its checks and its scope. */
// The timer-driven sync stays off: the tests sync when they mean to.
describeApi('e-mail accounts', { env: mailAppEnv() }, (t) => {
  it('when an administrator adds an account, then it answers 201 without the password, and the database holds it sealed', async () => {
    const user = mailUser(servers);
    const res = await t.api('POST', '/api/email-agent', {
      token: t.admin,
      body: accountBody(servers, user, { email: user.address.toUpperCase() }),
    });
    expect(res.status).toBe(201);
    const account = emailAccountSchema.parse(res.body);
    expect(account).toMatchObject({
      email: user.address,
      title: 'Support desk',
      status: true,
      require_approval: true,
      has_password: true,
      knowledge_departments: [],
    });
    expect(res.raw).not.toContain(user.password);
    const row = await t.database.db
      .selectFrom('email_agents')
      .select('password_enc')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.password_enc).toMatch(/^v1\./);
    expect(row.password_enc).not.toContain(user.password);
    expect(t.logs()).not.toContain(user.password);
    const again = await t.api('POST', '/api/email-agent', {
      token: t.admin,
      body: accountBody(servers, user),
    });
    expect(again.status).toBe(409);
  });

  it('when an account is read by id or by address, listed, searched, updated and toggled, then every answer agrees', async () => {
    const user = mailUser(servers, 'list');
    const created = await createAccount(
      t,
      t.admin,
      accountBody(servers, user, { title: 'Zebra desk' }),
    );
    const byId = await t.api('GET', `/api/email-agent/${created.id}`, { token: t.admin });
    const byAddress = await t.api('GET', `/api/email-agent/${encodeURIComponent(user.address)}`, {
      token: t.admin,
    });
    expect(byId.status).toBe(200);
    expect(byAddress.body).toEqual(byId.body);
    const list = await t.api('GET', '/api/email-agent?search=zebra', { token: t.admin });
    const page = emailAccountPageSchema.parse(list.body);
    expect(page.size).toBe(100);
    expect(page.items.map((a) => a.email)).toEqual([user.address]);
    const off = await t.api('PUT', `/api/email-agent/${created.id}`, {
      token: t.admin,
      body: { status: false },
    });
    expect(off.body.status).toBe(false);
    const renamed = await t.api('PUT', `/api/email-agent/${created.id}`, {
      token: t.admin,
      body: { title: 'Zebra help', password: 'a-new-secret' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.raw).not.toContain('a-new-secret');
    const history = await t.api('GET', `/api/email-agent/history/${created.id}`, {
      token: t.admin,
    });
    expect(history.status).toBe(200);
    expect(history.raw).not.toContain('a-new-secret');
    expect(history.raw).not.toContain(user.password);
    const [latest, toggle, first] = history.body.items;
    expect(latest).toMatchObject({
      action: 'updated',
      actor: { name: 'Default Administrator' },
      changes: { title: ['Zebra desk', 'Zebra help'], password: ['••••', '••••'] },
    });
    expect(toggle.changes).toEqual({ status: [true, false] });
    expect(first.action).toBe('created');
  });

  it('when the input is wrong, then it answers 400 naming the fields and stores nothing', async () => {
    const before = await t.database.db
      .selectFrom('email_agents')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.api('POST', '/api/email-agent', {
      token: t.admin,
      body: {
        ...accountBody(servers, mailUser(servers)),
        email: 'not an address',
        imap_port: 70000,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'email',
      'imap_port',
    ]);
    const after = await t.database.db
      .selectFrom('email_agents')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('when the password is wrong or the SMTP server is away, then "Test connection" names IMAP or SMTP and why', async () => {
    const user = mailUser(servers, 'probe');
    const body = accountBody(servers, user);
    const good = await t.api('POST', '/api/email-agent/test-connection', { token: t.admin, body });
    // Signed in on both, in plain text (the 'none' mode of the loopback servers).
    const signedIn = { ok: true, code: null, error: null, signed_in: true, tls: false };
    expect(connectionTestSchema.parse(good.body)).toEqual({ imap: signedIn, smtp: signedIn });
    const wrong = await t.api('POST', '/api/email-agent/test-connection', {
      token: t.admin,
      body: { ...body, password: 'wrong-password' },
    });
    expect(wrong.body.imap.ok).toBe(false);
    expect(wrong.body.imap).toMatchObject({
      code: 'login_refused',
      error: expect.stringMatching(/login/i),
    });
    expect(wrong.body.smtp).toMatchObject({
      code: 'login_refused',
      error: expect.stringMatching(/login/i),
    });
    const noSmtp = await t.api('POST', '/api/email-agent/test-connection', {
      token: t.admin,
      body: { ...body, smtp_port: 1 },
    });
    expect(noSmtp.body.imap).toEqual(signedIn);
    expect(noSmtp.body.smtp).toMatchObject({ ok: false, code: 'unreachable' });
    // A kept password is used for an account the caller may update.
    const account = await createAccount(t, t.admin, body);
    const { password: _unused, ...withoutPassword } = body;
    const kept = await t.api('POST', '/api/email-agent/test-connection', {
      token: t.admin,
      body: { ...withoutPassword, account_id: account.id },
    });
    expect(kept.body.imap.ok && kept.body.smtp.ok).toBe(true);
  });

  it('when staff hold Email_agent rights in one department, then they see and change only its accounts', async () => {
    const mine = await addDepartment(t);
    const other = await addDepartment(t);
    const inMine = await createAccount(
      t,
      t.admin,
      accountBody(servers, mailUser(servers), { department_id: mine }),
    );
    const inOther = await createAccount(
      t,
      t.admin,
      accountBody(servers, mailUser(servers), { department_id: other }),
    );
    const clerk = await personWith(
      t,
      mine,
      'Email_agent.LIST_VIEW',
      'Email_agent.VIEW',
      'Email_agent.UPDATE',
      'Email_agent.ANALYTICS',
    );
    const list = await t.api('GET', '/api/email-agent', { token: clerk.token });
    expect(list.body.items.map((a: { id: number }) => a.id)).toEqual([inMine.id]);
    expect(
      (await t.api('GET', `/api/email-agent/${inOther.id}`, { token: clerk.token })).status,
    ).toBe(404);
    const put = await t.api('PUT', `/api/email-agent/${inOther.id}`, {
      token: clerk.token,
      body: { status: false },
    });
    expect(put.status).toBe(404);
    expect(
      (
        await t.api('PUT', `/api/email-agent/${inMine.id}`, {
          token: clerk.token,
          body: { status: false },
        })
      ).status,
    ).toBe(200);
    const stats = await t.api('GET', `/api/email-agent/${inMine.id}/stats`, { token: clerk.token });
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ received: 0, drafted: 0, sent: 0 });
    // No ADD or DELETE right: 403 before anything happens.
    const add = await t.api('POST', '/api/email-agent', {
      token: clerk.token,
      body: accountBody(servers, mailUser(servers), { department_id: mine }),
    });
    expect(add.status).toBe(403);
    expect(
      (await t.api('DELETE', `/api/email-agent/${inMine.id}`, { token: clerk.token })).status,
    ).toBe(403);
    // Knowledge may only come from departments whose documents the editor may query.
    const knowledge = await t.api('PUT', `/api/email-agent/${inMine.id}`, {
      token: clerk.token,
      body: { knowledge_departments: [mine] },
    });
    expect(knowledge.status).toBe(403);
  });

  it('when an account is deleted, then it is gone but its history stays readable, by id or address, to who may view its department', async () => {
    const mine = await addDepartment(t);
    const other = await addDepartment(t);
    const user = mailUser(servers, 'gone');
    const account = await createAccount(
      t,
      t.admin,
      accountBody(servers, user, { department_id: mine }),
    );
    await t.api('PUT', `/api/email-agent/${account.id}`, {
      token: t.admin,
      body: { title: 'Renamed desk' },
    });
    const res = await t.api('DELETE', `/api/email-agent/${account.id}`, { token: t.admin });
    expect(res.status).toBe(200);
    expect((await t.api('GET', `/api/email-agent/${account.id}`, { token: t.admin })).status).toBe(
      404,
    );
    const byId = await t.api('GET', `/api/email-agent/history/${account.id}`, { token: t.admin });
    expect(byId.status).toBe(200);
    const page = emailHistoryPageSchema.parse(byId.body);
    expect(page.items.map((h) => h.action)).toEqual(['deleted', 'updated', 'created']);
    expect(page.items[0]).toMatchObject({
      actor: { name: 'Default Administrator' },
      changes: { email: [user.address, null] },
    });
    const byAddress = await t.api(
      'GET',
      `/api/email-agent/history/${encodeURIComponent(user.address)}`,
      { token: t.admin },
    );
    expect(byAddress.body).toEqual(byId.body);
    const rows = await t.database.db
      .selectFrom('email_agent_history')
      .select(['email_address', 'department_id'])
      .where('email_agent_id', '=', account.id)
      .execute();
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => `${r.email_address} ${r.department_id}`))).toEqual(
      new Set([`${user.address} ${mine}`]),
    );
    // Department-scoped as before the deletion: a reader of another department finds nothing.
    const outsider = await personWith(t, other, 'Email_agent.VIEW', 'Email_agent.LIST_VIEW');
    const insider = await personWith(t, mine, 'Email_agent.VIEW', 'Email_agent.LIST_VIEW');
    expect(
      (await t.api('GET', `/api/email-agent/history/${account.id}`, { token: outsider.token }))
        .status,
    ).toBe(404);
    expect(
      (await t.api('GET', `/api/email-agent/history/${account.id}`, { token: insider.token }))
        .status,
    ).toBe(200);
    // A new account under the same address starts its own history.
    const again = await createAccount(t, t.admin, accountBody(servers, user));
    const fresh = await t.api(
      'GET',
      `/api/email-agent/history/${encodeURIComponent(user.address)}`,
      { token: t.admin },
    );
    expect(fresh.body.items.map((h: { action: string }) => h.action)).toEqual(['created']);
    expect(again.id).not.toBe(account.id);
  });
});

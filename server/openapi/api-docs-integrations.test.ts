import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountBody, createAccount, mailUser, sendAs } from '../test-support/email';
import { startMailServers, type MailServers } from '../test-support/mail-servers';
import { sqliteSourceBody, sqliteSourceDir, sqliteSourceFile } from '../test-support/db-sources';
import { createHelpdesk } from '../test-support/helpdesk';
import { addDepartment, addPerson, letters } from '../test-support/identity';
import { describeApi, newPerson, signedInUser, TEST_ADMIN } from '../test-support/test-app';
import { createWidget } from '../test-support/widgets';
import { expectDocumented, readDocument, validationRecorder } from './docs-check';
import {
  dbSourceRoutes,
  emailRoutes,
  helpdeskRoutes,
  identityRoutes,
  widgetRoutes,
} from './route-schemas-integrations';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(async () => servers?.stop());

/** The e-mail routes that need a stored message or draft (real mail servers), or the others. */
const emailTable = (withServers: boolean) =>
  Object.fromEntries(
    Object.entries(emailRoutes).filter(
      ([key]) => /messages\/:message|drafts\/:draft|compose/.test(key) === withServers,
    ),
  );

// The timer-driven mail sync stays off: the mailbox test syncs when it means to. The mail
// servers listen on loopback, which integrations reach only where the operator allows it;
// SQLite sources are read only from the directory the operator sets aside for them.
const env = {
  EMAIL_SYNC_SECONDS: '0',
  INTEGRATION_HOSTS_ALLOW: '127.0.0.1',
  DB_SOURCE_SQLITE_DIR: sqliteSourceDir(),
};
describeApi('live API documentation of integrations and identity', { env }, (t) => {
  it('when each identity route is called, then it validates exactly the documented shapes', async () => {
    const { call, seen } = validationRecorder(t);
    await call('GET', '/api/permissions', '/api/permissions');
    await call('GET', '/api/users/me', '/api/users/me');
    const me = await call('GET', '/api/user/me', '/api/user/me');
    await call('PUT', '/api/users/me', '/api/users/me', { first_name: me.body.first_name });
    const tag = letters();
    const created = await call('POST', '/api/users?verify_page_link=/verify', '/api/users', {
      username: `docs.${tag}`,
      email: `docs.${tag}@example.com`,
      first_name: 'Docs',
      last_name: 'Person',
      assignments: [{ department_id: 1, role_id: 2 }],
    });
    const id = created.body.id as number;
    await call('GET', `/api/users/${created.body.email}`, '/api/users/:email');
    await call('PUT', `/api/users/update/${id}`, '/api/users/update/:userId', {
      first_name: 'Edited',
    });
    await call('PUT', `/api/users/${id}`, '/api/users/:id', { last_name: 'Edited' });
    const history = await t.api('GET', `/api/users/history/${id}`, { token: t.admin });
    const first = history.body.items.at(-1).id as number;
    const restore = '/api/users/history/:id/restore/:entry';
    await call('POST', `/api/users/history/${id}/restore/${first}`, restore);
    await call('DELETE', `/api/users/delete/${id}`, '/api/users/delete/:id');

    const signup = newPerson('docs');
    const link = 'verify_page_link=/verify';
    await call('POST', `/api/users/signup?${link}`, '/api/users/signup', signup);
    const resend = '/api/users/resend-verification/';
    await call('POST', `${resend}?email=${signup.email}&${link}`, resend);
    const forgot = '/api/users/forgot-password/:email';
    await call('POST', `/api/users/forgot-password/${TEST_ADMIN.email}?${link}`, forgot);
    // A person of their own changes their password and signs out (the administrator stays in).
    const person = await signedInUser(t);
    const own = validationRecorder(Object.create(t, { admin: { value: person.token } }));
    await own.call('PUT', '/api/users/me/password', '/api/users/me/password', {
      old_password: person.password,
      new_password: 'Other-Pass-456',
    });
    await own.call('POST', '/api/users/logout', '/api/users/logout');
    for (const [key, parts] of own.seen) seen.set(key, parts);

    const roleBody = { name: `Docs ${letters()}`, department_id: 1, permission_set: [1] };
    const role = (await t.api('POST', '/api/roles', { token: t.admin, body: roleBody })).body
      .id as number;
    const edited = { ...roleBody, permission_set: [1, 2] };
    await t.api('PUT', `/api/roles/${role}`, { token: t.admin, body: edited });
    const roleHistory = await t.api('GET', `/api/roles/${role}/history`, { token: t.admin });
    const oldest = roleHistory.body.items.at(-1).id as number;
    const roleRestore = '/api/roles/:id/history/restore/:entry';
    await call('POST', `/api/roles/${role}/history/restore/${oldest}`, roleRestore);
    await call('DELETE', `/api/roles/${role}`, '/api/roles/:id');
    const department = await addDepartment(t);
    await call('DELETE', `/api/department/delete/${department}`, '/api/department/delete/:id');

    expectDocumented(await readDocument(t), identityRoutes, seen);
  });

  it('when each chat widget route of the console is called, then it validates exactly the documented shapes', async () => {
    const { call, seen } = validationRecorder(t);
    const widget = await createWidget(t, t.admin);
    await call('GET', `/api/service-agent/${widget.id}`, '/api/service-agent/:id');
    await call('PUT', `/api/service-agent/${widget.client_id}`, '/api/service-agent/:id', {
      client_name: 'Edited help',
    });
    const history = '/api/service-agent/history/:client_id';
    await call('GET', `/api/service-agent/history/${widget.client_id}`, history);
    await call('DELETE', `/api/service-agent/${widget.id}`, '/api/service-agent/:id');

    expectDocumented(await readDocument(t), widgetRoutes, seen);
  });

  it('when each helpdesk route of the console is called, then it validates exactly the documented shapes', async () => {
    const { call, seen } = validationRecorder(t);
    const body = { name: 'Docs desk', site_url: 'http://127.0.0.1:9', departments: [1] };
    const desk = await call('POST', '/api/helpdesk', '/api/helpdesk', body);
    await call('GET', '/api/helpdesk', '/api/helpdesk');
    await call('GET', `/api/helpdesk/${desk.body.id}`, '/api/helpdesk/:id');
    await call('PUT', `/api/helpdesk/${desk.body.id}`, '/api/helpdesk/:id', { name: 'Edited' });
    const dept = await addDepartment(t);
    const staff = await addPerson(t, { assignments: [{ department_id: dept, role_id: 2 }] });
    await call('POST', '/api/helpdesk/admin', '/api/helpdesk/admin', { user_id: staff.id });
    const person = await addPerson(t);
    const agent = await call('POST', '/api/helpdesk/agents', '/api/helpdesk/agents', {
      user_id: person.id,
      department_id: dept,
    });
    await call('GET', '/api/helpdesk/agents', '/api/helpdesk/agents');
    await call('PUT', `/api/helpdesk/agents/${agent.body.id}`, '/api/helpdesk/agents/:id', {
      capacity: 3,
    });
    await createHelpdesk(t, t.admin, { name: 'Second desk' });
    const handoff = await call('POST', '/api/helpdesk/handoff', '/api/helpdesk/handoff', {
      helpdesk_id: desk.body.id,
    });
    // The site exchanges the token, its signing secret as the bearer instead of a session.
    const site = validationRecorder(
      Object.create(t, {
        api: {
          value: (...[method, url, options]: Parameters<typeof t.api>) =>
            t.api(method, url, {
              ...options,
              token: undefined,
              headers: { authorization: `Bearer ${desk.body.signing_secret}` },
            }),
        },
      }),
    );
    const token = new URL(handoff.body.url).searchParams.get('token');
    await site.call('POST', '/api/helpdesk/exchange', '/api/helpdesk/exchange', { token });
    for (const [key, parts] of site.seen) seen.set(key, parts);
    const chat = await t.api('POST', '/api/chat/stuff', {
      token: t.admin,
      body: { query: 'Where is my parcel?', department_id: 1 },
    });
    expect(chat.status, chat.raw).toBe(200);
    const ticket = '/api/helpdesk/tickets/conversation/:chat_id';
    await call('GET', `/api/helpdesk/tickets/conversation/${chat.body.chat_id}`, ticket);

    expectDocumented(await readDocument(t), helpdeskRoutes, seen);
  });

  it('when each database source route is called on an SQLite file, then it validates exactly the documented shapes', async () => {
    const { call, seen } = validationRecorder(t);
    const base = '/api/integrations/db-source';
    const file = sqliteSourceFile();
    await call('GET', `${base}/db-types`, `${base}/db-types`);
    await call('POST', `${base}/test`, `${base}/test`, sqliteSourceBody(file));
    const source = await call('POST', base, base, sqliteSourceBody(file));
    const id = source.body.id as number;
    await call('PUT', `${base}?integration_id=${id}`, base, { name: 'Edited file' });
    await call('GET', `${base}/tables?integration_id=${id}`, `${base}/tables`);
    const query = await call('POST', `${base}/query?integration_id=${id}`, `${base}/query`, {
      sql: 'SELECT region FROM shipments',
    });
    expect(query.body.rows.length).toBeGreaterThan(0);
    await call('GET', base, base);
    await call('DELETE', base, base, { integration_ids: [id] });
    // The GET of the page is the one recorded for GET (the DELETE is its own entry).
    expectDocumented(await readDocument(t), dbSourceRoutes, seen);
  });

  it('when each e-mail account and mailbox route that needs no mail server is called, then it validates exactly the documented shapes', async () => {
    const { call, seen } = validationRecorder(t);
    const address = `docs.${letters()}@example.test`;
    // Port 9 on loopback refuses at once: the calls answer without a mail server.
    const servers = {
      imap_host: '127.0.0.1',
      imap_port: 9,
      imap_tls: 'none',
      smtp_host: '127.0.0.1',
      smtp_port: 9,
      smtp_tls: 'none',
      username: address,
      password: 'docs-secret',
    };
    const test = '/api/email-agent/test-connection';
    const probe = await call('POST', test, test, servers);
    expect(probe.body.imap.ok).toBe(false);
    const body = { ...servers, email: address, title: 'Docs desk', department_id: 1 };
    const created = await call('POST', '/api/email-agent', '/api/email-agent', body);
    const one = '/api/email-agent/:email_id';
    const path = `/api/email-agent/${created.body.id}`;
    await call('GET', `/api/email-agent/${address}`, one);
    await call('PUT', path, one, { title: 'Edited desk' });
    const history = '/api/email-agent/history/:email_id';
    await call('GET', `/api/email-agent/history/${created.body.id}`, history);
    await call('GET', `${path}/messages`, `${one}/messages`);
    await call('GET', `${path}/drafts`, `${one}/drafts`);
    await call('POST', `${path}/sync`, `${one}/sync`);
    await call('GET', `${path}/stats`, `${one}/stats`);
    await call('DELETE', path, one);

    const table = emailTable(false);
    expectDocumented(await readDocument(t), table, seen);
  });

  it('when each mailbox route is called against real mail servers, then it validates exactly the documented shapes', async () => {
    const { call, seen } = validationRecorder(t);
    const box = mailUser(servers, 'docsbox');
    const customer = mailUser(servers, 'docscustomer');
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    const attachments = [{ filename: 'order.txt', content: 'Order 42', contentType: 'text/plain' }];
    for (const subject of ['First question', 'Second question'])
      await sendAs(servers, customer, {
        to: box.address,
        subject,
        text: `${subject}?`,
        attachments,
      });
    const path = `/api/email-agent/${account.id}`;
    const one = '/api/email-agent/:email_id';
    const synced = await t.api('POST', `${path}/sync`, { token: t.admin });
    expect(synced.body.stored).toBe(2);
    const messages = await t.api('GET', `${path}/messages`, { token: t.admin });
    const message = `${path}/messages/${messages.body.items[0].id}`;
    const detail = await call('GET', message, `${one}/messages/:message`);
    const attachment = `${one}/messages/:message/attachments/:attachment`;
    const file = await call(
      'GET',
      `${message}/attachments/${detail.body.attachments[0].id}`,
      attachment,
    );
    expect(file.headers['content-type']).toBe('text/plain');
    expect(file.raw).toBe('Order 42');
    const drafts = (await t.api('GET', `${path}/drafts`, { token: t.admin })).body.items;
    expect(drafts).toHaveLength(2);
    const draft = `${one}/drafts/:draft`;
    await call('PUT', `${path}/drafts/${drafts[0].id}`, draft, { body: 'Edited reply.' });
    await call('POST', `${path}/drafts/${drafts[0].id}/send`, `${draft}/send`);
    await call('POST', `${path}/drafts/${drafts[1].id}/discard`, `${draft}/discard`);
    await call('POST', `${path}/compose`, `${one}/compose`, {
      to: [customer.address],
      subject: 'Hello',
      body: 'A message of our own.',
    });
    const table = emailTable(true);
    expectDocumented(await readDocument(t), table, seen);
  });
});

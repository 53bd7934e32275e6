import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailDraftPageSchema, mailMessagePageSchema } from '../../../contract/email-mailbox';
import { accountBody, createAccount, mailAppEnv, mailUser, sendAs } from '../../test-support/email';
import { addDepartment, personWith } from '../../test-support/identity';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi, type SuiteApp } from '../../test-support/test-app';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(async () => servers?.stop());

/** An account in `department` with one synced message (with an attachment) and its draft. */
async function mailboxIn(t: SuiteApp, department: number) {
  const box = mailUser(servers, 'rights');
  const account = await createAccount(
    t,
    t.admin,
    accountBody(servers, box, { department_id: department }),
  );
  await sendAs(servers, mailUser(servers, 'rc'), {
    to: box.address,
    subject: 'Rights',
    text: 'Who may read this?',
    attachments: [{ filename: 'r.txt', content: 'private' }],
  });
  await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
  const messages = mailMessagePageSchema.parse(
    (await t.api('GET', `/api/email-agent/${account.id}/messages`, { token: t.admin })).body,
  );
  const drafts = mailDraftPageSchema.parse(
    (await t.api('GET', `/api/email-agent/${account.id}/drafts`, { token: t.admin })).body,
  );
  const message = messages.items[0];
  return {
    account,
    message: message.id,
    attachment: message.attachments[0].id,
    draft: drafts.items[0].id,
  };
}

/** The mailbox's calls under SPEC §6's Email_agent rights, department-scoped. */
describeApi('mailbox rights', { env: mailAppEnv() }, (t) => {
  it('when staff hold only VIEW, then they read the mailbox but figures, send, discard, edit, compose and sync answer 403 and change nothing', async () => {
    const mine = await addDepartment(t);
    const box = await mailboxIn(t, mine);
    const reader = await personWith(t, mine, 'Email_agent.LIST_VIEW', 'Email_agent.VIEW');
    const base = `/api/email-agent/${box.account.id}`;
    const as = { token: reader.token };
    expect((await t.api('GET', `${base}/messages`, as)).status).toBe(200);
    expect((await t.api('GET', `${base}/messages/${box.message}`, as)).status).toBe(200);
    expect(
      (await t.api('GET', `${base}/messages/${box.message}/attachments/${box.attachment}`, as))
        .status,
    ).toBe(200);
    expect((await t.api('GET', `${base}/drafts`, as)).status).toBe(200);
    const refused = [
      await t.api('GET', `${base}/stats`, as),
      await t.api('POST', `${base}/drafts/${box.draft}/send`, as),
      await t.api('POST', `${base}/drafts/${box.draft}/discard`, as),
      await t.api('PUT', `${base}/drafts/${box.draft}`, { ...as, body: { body: 'Changed' } }),
      await t.api('POST', `${base}/compose`, {
        ...as,
        body: { to: ['someone@example.test'], subject: 'Hi', body: 'Hello' },
      }),
      await t.api('POST', `${base}/sync`, as),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    const draft = await t.database.db
      .selectFrom('email_drafts')
      .select(['status', 'body'])
      .where('id', '=', box.draft)
      .executeTakeFirstOrThrow();
    expect(draft.status).toBe('pending');
    expect(draft.body).not.toBe('Changed');
    const history = await t.api('GET', `/api/email-agent/history/${box.account.id}`, as);
    expect(history.body.items.map((h: { action: string }) => h.action)).toEqual([
      'draft_created',
      'created',
    ]);
  });

  it("when staff of one department ask for another department's messages, attachments, drafts or figures, then each answers 404", async () => {
    const mine = await addDepartment(t);
    const other = await addDepartment(t);
    const own = await mailboxIn(t, mine);
    const foreign = await mailboxIn(t, other);
    const clerk = await personWith(
      t,
      mine,
      'Email_agent.LIST_VIEW',
      'Email_agent.VIEW',
      'Email_agent.UPDATE',
      'Email_agent.ANALYTICS',
    );
    const as = { token: clerk.token };
    const theirs = `/api/email-agent/${foreign.account.id}`;
    const ours = `/api/email-agent/${own.account.id}`;
    const answers = [
      // The other department's account, by id and by address.
      await t.api('GET', `${theirs}/messages`, as),
      await t.api(
        'GET',
        `/api/email-agent/${encodeURIComponent(foreign.account.email)}/messages`,
        as,
      ),
      await t.api('GET', `${theirs}/messages/${foreign.message}`, as),
      await t.api(
        'GET',
        `${theirs}/messages/${foreign.message}/attachments/${foreign.attachment}`,
        as,
      ),
      await t.api('GET', `${theirs}/drafts`, as),
      await t.api('GET', `${theirs}/stats`, as),
      await t.api('POST', `${theirs}/drafts/${foreign.draft}/send`, as),
      await t.api('POST', `${theirs}/drafts/${foreign.draft}/discard`, as),
      await t.api('PUT', `${theirs}/drafts/${foreign.draft}`, { ...as, body: { body: 'x' } }),
      // Their message, attachment and draft ids under our own account.
      await t.api('GET', `${ours}/messages/${foreign.message}`, as),
      await t.api('GET', `${ours}/messages/${own.message}/attachments/${foreign.attachment}`, as),
      await t.api(
        'GET',
        `${ours}/messages/${foreign.message}/attachments/${foreign.attachment}`,
        as,
      ),
      await t.api('POST', `${ours}/drafts/${foreign.draft}/send`, as),
      await t.api('POST', `${ours}/drafts/${foreign.draft}/discard`, as),
      await t.api('PUT', `${ours}/drafts/${foreign.draft}`, { ...as, body: { body: 'x' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(404));
    expect(JSON.stringify(answers.map((a) => a.raw))).not.toContain('private');
    const draft = await t.database.db
      .selectFrom('email_drafts')
      .select('status')
      .where('id', '=', foreign.draft)
      .executeTakeFirstOrThrow();
    expect(draft.status).toBe('pending');
    // Their own mailbox answers them.
    expect((await t.api('GET', `${ours}/stats`, as)).status).toBe(200);
  });
});

/** "Never logged": the app's own log output, at debug level, with the job running. */
describeApi(
  'mailbox passwords in logs',
  { env: mailAppEnv({ EMAIL_SYNC_SECONDS: '1', LOG_LEVEL: 'debug' }) },
  (t) => {
    it('when a password is updated, tested and used by a sync that fails, then no log line carries it', async () => {
      const box = mailUser(servers, 'logs');
      const account = await createAccount(t, t.admin, accountBody(servers, box));
      const wrong = 'Wrong-Secret-7f3a9c';
      const updated = await t.api('PUT', `/api/email-agent/${account.id}`, {
        token: t.admin,
        body: { password: wrong },
      });
      expect(updated.status).toBe(200);
      const probe = {
        imap_host: servers.host,
        imap_port: servers.imapPort,
        imap_tls: 'none',
        smtp_host: servers.host,
        smtp_port: servers.smtpPort,
        smtp_tls: 'none',
        username: box.address,
      };
      const tested = await t.api('POST', '/api/email-agent/test-connection', {
        token: t.admin,
        body: { ...probe, password: wrong },
      });
      expect(tested.body.imap.ok || tested.body.smtp.ok).toBe(false);
      // The stored (sealed) password, opened for the test.
      const kept = await t.api('POST', '/api/email-agent/test-connection', {
        token: t.admin,
        body: { ...probe, account_id: account.id },
      });
      expect(kept.status).toBeLessThan(500);
      const synced = await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
      // Failed, or busy: the job (every second) may hold the account just then.
      expect(synced.body.error ?? synced.body.busy).toBeTruthy();
      // The timer-driven job fails on it too, and logs that.
      const deadline = Date.now() + 10_000;
      while (!t.logs().includes('mailbox sync failed') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      const logs = t.logs();
      expect(logs).toContain('mailbox sync failed');
      expect(logs).toContain('"url":"/api/email-agent/:email_id"');
      const plain = Buffer.from(`\0${box.address}\0${wrong}`).toString('base64');
      for (const secret of [wrong, box.password, Buffer.from(wrong).toString('base64'), plain])
        expect(logs).not.toContain(secret);
    });
  },
);

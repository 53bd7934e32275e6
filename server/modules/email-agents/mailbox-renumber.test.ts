import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailDraftPageSchema, mailMessagePageSchema } from '../../../contract/email-mailbox';
import { accountBody, createAccount, mailAppEnv, mailUser, sendAs } from '../../test-support/email';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi } from '../../test-support/test-app';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(async () => servers?.stop());

/** A folder the server renumbers (a new UIDVALIDITY) is read again, and still shown once. */
describeApi('mailbox renumbered', { env: mailAppEnv() }, (t) => {
  it('when the inbox gets a new UIDVALIDITY and is synced again, then each message, draft and figure counts once', async () => {
    const box = mailUser(servers, 'renumber');
    const sender = mailUser(servers, 'asker');
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    await sendAs(servers, sender, { to: box.address, subject: 'First', text: 'Question one?' });
    await sendAs(servers, sender, {
      to: box.address,
      subject: 'Second',
      text: 'Question two?',
      attachments: [{ filename: 'two.txt', content: 'two' }],
    });
    const sync = () => t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
    expect((await sync()).body.stored).toBe(2);
    const before = mailMessagePageSchema.parse(
      (await t.api('GET', `/api/email-agent/${account.id}/messages`, { token: t.admin })).body,
    );
    expect(before.total).toBe(2);

    servers.setUidValidity(box.address, 'INBOX', 424242);
    await sendAs(servers, sender, { to: box.address, subject: 'Third', text: 'Question three?' });
    expect((await sync()).body.error).toBeUndefined();
    const stored = await t.database.db
      .selectFrom('email_messages')
      .select(['id', 'uid_validity', 'subject'])
      .where('email_agent_id', '=', account.id)
      .execute();
    expect(stored.map((r) => r.uid_validity)).toEqual(['424242', '424242', '424242']);

    const page = mailMessagePageSchema.parse(
      (await t.api('GET', `/api/email-agent/${account.id}/messages`, { token: t.admin })).body,
    );
    expect(page.items.map((m) => m.subject).sort()).toEqual(['First', 'Second', 'Third']);
    expect(page.total).toBe(3);
    // The rows kept their ids: the drafts and attachments made before still point at them.
    const ids = Object.fromEntries(before.items.map((m) => [m.subject, m.id]));
    for (const m of page.items.filter((i) => i.subject !== 'Third'))
      expect(m.id).toBe(ids[m.subject]);
    expect(page.items.find((m) => m.subject === 'Second')?.attachments).toMatchObject([
      { filename: 'two.txt' },
    ]);
    expect(new Set(page.items.map((m) => m.thread_key)).size).toBe(3);
    const drafts = mailDraftPageSchema.parse(
      (await t.api('GET', `/api/email-agent/${account.id}/drafts`, { token: t.admin })).body,
    );
    expect(drafts.items.map((d) => d.subject).sort()).toEqual([
      'Re: First',
      'Re: Second',
      'Re: Third',
    ]);
    const stats = await t.api('GET', `/api/email-agent/${account.id}/stats`, { token: t.admin });
    expect(stats.body).toMatchObject({ received: 3, drafted: 3, pending: 3 });
  });

  it('when a renumbered inbox still holds a row of the old UIDVALIDITY, then the listing and figures leave it out', async () => {
    const box = mailUser(servers, 'stale');
    const sender = mailUser(servers, 'writer');
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    await sendAs(servers, sender, { to: box.address, subject: 'Kept', text: 'Still here?' });
    const sync = () => t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
    expect((await sync()).body.stored).toBe(1);
    // A message of the old numbering the server no longer has (deleted meanwhile).
    const [row] = await t.database.db
      .selectFrom('email_messages')
      .selectAll()
      .where('email_agent_id', '=', account.id)
      .execute();
    await t.database.db
      .insertInto('email_messages')
      .values({
        ...row,
        id: undefined,
        uid: 99,
        message_id: '<gone@example.test>',
        thread_key: '<gone@example.test>',
        subject: 'Gone',
      })
      .execute();
    servers.setUidValidity(box.address, 'INBOX', 515151);
    await sync();
    const page = await t.api('GET', `/api/email-agent/${account.id}/messages`, { token: t.admin });
    expect(page.body.items.map((m: { subject: string }) => m.subject)).toEqual(['Kept']);
    const stats = await t.api('GET', `/api/email-agent/${account.id}/stats`, { token: t.admin });
    expect(stats.body.received).toBe(1);
  });
});

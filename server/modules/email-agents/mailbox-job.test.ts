import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountBody, createAccount, mailAppEnv, mailUser, sendAs } from '../../test-support/email';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi } from '../../test-support/test-app';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(async () => servers?.stop());

/** The background job (EMAIL_SYNC_SECONDS): active accounts are synced without anyone asking. */
describeApi('mailbox sync job', { env: mailAppEnv({ EMAIL_SYNC_SECONDS: '1' }) }, (t) => {
  it('when mail arrives for an active account, then the job stores it and drafts a reply; a switched-off account is left alone', async () => {
    const active = mailUser(servers, 'jobon');
    const off = mailUser(servers, 'joboff');
    const sender = mailUser(servers, 'jobsender');
    const on = await createAccount(t, t.admin, accountBody(servers, active));
    const idle = await createAccount(t, t.admin, accountBody(servers, off, { status: false }));
    await sendAs(servers, sender, {
      to: active.address,
      subject: 'Ping',
      text: 'Are you there today?',
    });
    await sendAs(servers, sender, {
      to: off.address,
      subject: 'Ping',
      text: 'Are you there today?',
    });
    const count = async (id: number) =>
      (await t.api('GET', `/api/email-agent/${id}/messages`, { token: t.admin })).body
        .total as number;
    const drafted = async () =>
      (await t.api('GET', `/api/email-agent/${on.id}/drafts`, { token: t.admin })).body
        .total as number;
    // The reply is drafted after the sync stored the mail (afterSync), so it may come later.
    const deadline = Date.now() + 15_000;
    while (((await count(on.id)) === 0 || (await drafted()) === 0) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await count(on.id)).toBe(1);
    expect(await drafted()).toBe(1);
    expect(await count(idle.id)).toBe(0);
  }, 30_000);
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountBody, createAccount, mailAppEnv, mailUser, sendAs } from '../../test-support/email';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi, type SuiteApp as TestApp } from '../../test-support/test-app';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(async () => servers?.stop());

const count = async (t: TestApp, id: number) =>
  (await t.api('GET', `/api/email-agent/${id}/messages`, { token: t.admin })).body.total as number;

/** Waits up to `ms` for the account to hold `n` messages; answers how long it took. */
async function stored(t: TestApp, id: number, n: number, ms = 15_000): Promise<number> {
  const started = Date.now();
  while ((await count(t, id)) < n && Date.now() - started < ms)
    await new Promise((r) => setTimeout(r, 100));
  expect(await count(t, id)).toBe(n);
  return Date.now() - started;
}

/**
 * A mailbox added or switched on is read at once, not at the sync's next round: the round here
 * is the default minute, and its first pass ran when the app started, before any account.
 */
describeApi('a mailbox syncs at once', { env: mailAppEnv({ EMAIL_SYNC_SECONDS: '60' }) }, (t) => {
  it('when a mailbox is added, then the mail already in it shows well within the sync period', async () => {
    const box = mailUser(servers, 'atonce');
    const sender = mailUser(servers, 'welcome');
    await sendAs(servers, sender, { to: box.address, subject: 'Welcome', text: 'Hello.' });
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    expect(await stored(t, account.id, 1)).toBeLessThan(15_000);
    const inbox = await t.api('GET', `/api/email-agent/${account.id}/messages`, {
      token: t.admin,
    });
    expect(inbox.body.items.map((m: { subject: string }) => m.subject)).toEqual(['Welcome']);
  });

  it('when a mailbox is added switched off, then it is not read; switched on, it is read at once', async () => {
    const box = mailUser(servers, 'later');
    const sender = mailUser(servers, 'early');
    await sendAs(servers, sender, { to: box.address, subject: 'Waiting', text: 'Hello.' });
    const account = await createAccount(t, t.admin, accountBody(servers, box, { status: false }));
    await new Promise((r) => setTimeout(r, 1500));
    expect(await count(t, account.id)).toBe(0);
    const on = await t.api('PUT', `/api/email-agent/${account.id}`, {
      token: t.admin,
      body: { status: true },
    });
    expect(on.status).toBe(200);
    await stored(t, account.id, 1);
  });

  it('when Sync now is pressed while the first sync runs, then every mail is stored once', async () => {
    const box = mailUser(servers, 'race');
    const sender = mailUser(servers, 'many');
    for (let i = 1; i <= 5; i++)
      await sendAs(servers, sender, { to: box.address, subject: `Mail ${i}`, text: `Body ${i}` });
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    // Pressed at once: the background sync holds the account's lease, or has stored the mail.
    const now = await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
    expect(now.status).toBe(200);
    await stored(t, account.id, 5);
    // Once the first sync has let the account go, another pass finds nothing new.
    let again = await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
    for (let tries = 0; again.body.busy && tries < 50; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      again = await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
    }
    expect(again.body).toEqual({ stored: 0, busy: false });
    expect(await count(t, account.id)).toBe(5);
  });
});

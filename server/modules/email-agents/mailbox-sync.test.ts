import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailMessagePageSchema } from '../../../contract/email-mailbox';
import { accountBody, createAccount, mailAppEnv, mailUser, sendAs } from '../../test-support/email';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi, type TestApp } from '../../test-support/test-app';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(async () => servers?.stop());

const CHILD = fileURLToPath(new URL('../../test-support/email-sync-child.ts', import.meta.url));

/** Starts a sync in another process and SIGKILLs it once it reports `killAt` stored messages. */
function syncAndKill(t: TestApp, accountId: number, killAt: number): Promise<string[]> {
  // node itself with tsx's loader: the tsx command would run the sync in a grandchild that
  // outlives a SIGKILL sent to it.
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      CHILD,
      t.config.dataDir,
      t.config.databaseUrl ?? '',
      String(accountId),
      '5',
      t.config.integrationHostsAllow.join(','),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (line === `stored ${killAt}`) child.kill('SIGKILL');
    });
    child.once('error', reject);
    child.once('exit', () => resolve(lines));
  });
}

async function inboxUids(t: TestApp, accountId: number): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('email_messages')
    .select('uid')
    .where('email_agent_id', '=', accountId)
    .where('folder', '=', 'inbox')
    .orderBy('uid')
    .execute();
  return rows.map((r) => Number(r.uid));
}

/** The mailbox sync against a real IMAP server. */
// The timer-driven sync stays off: the tests sync when they mean to.
describeApi('mailbox sync', { env: mailAppEnv() }, (t) => {
  it('when a message arrives over SMTP and the mailbox is synced twice, then exactly one copy is stored', async () => {
    const box = mailUser(servers, 'inbox');
    const sender = mailUser(servers, 'customer');
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    await sendAs(servers, sender, {
      to: box.address,
      subject: 'Opening hours',
      text: 'When are you open on Saturdays?',
      html: '<p>When are you open on <b>Saturdays</b>?</p>',
      attachments: [{ filename: 'note.txt', content: 'bring your receipt' }],
    });
    const first = await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
    expect(first.body).toMatchObject({ stored: 1, busy: false });
    const again = await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
    expect(again.body).toMatchObject({ stored: 0, busy: false });
    const page = mailMessagePageSchema.parse(
      (await t.api('GET', `/api/email-agent/${box.address}/messages`, { token: t.admin })).body,
    );
    expect(page.total).toBe(1);
    const [message] = page.items;
    expect(message).toMatchObject({
      folder: 'inbox',
      subject: 'Opening hours',
      from: { address: sender.address },
      has_html: true,
    });
    expect(message.attachments).toMatchObject([{ filename: 'note.txt', size: 18 }]);
    const file = await t.api(
      'GET',
      `/api/email-agent/${account.id}/messages/${message.id}/attachments/${message.attachments[0].id}`,
      { token: t.admin },
    );
    expect(file.status).toBe(200);
    expect(file.raw).toBe('bring your receipt');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="note.txt"/);
    const detail = await t.api('GET', `/api/email-agent/${account.id}/messages/${message.id}`, {
      token: t.admin,
    });
    expect(detail.body.html).toContain('<b>Saturdays</b>');
    expect(detail.body.text).toContain('When are you open on Saturdays?');
  });

  it('when a sync is killed mid-way and run again, then nothing is missing and nothing is doubled', async () => {
    const box = mailUser(servers, 'killed');
    const sender = mailUser(servers, 'many');
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    for (let i = 1; i <= 40; i += 1)
      await sendAs(servers, sender, { to: box.address, subject: `Order ${i}`, text: `Item ${i}` });
    const lines = await syncAndKill(t, account.id, 10);
    expect(lines).toContain('stored 10');
    expect(lines).not.toContain('done');
    const partial = await inboxUids(t, account.id);
    expect(partial.length).toBeGreaterThanOrEqual(10);
    expect(partial.length).toBeLessThan(40);
    // The killed process cannot release its hold on the account; it lapses after a while.
    await t.database.db
      .updateTable('email_agents')
      .set({ sync_lease_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', account.id)
      .execute();
    const rest = await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
    expect(rest.body.stored).toBe(40 - partial.length);
    const uids = await inboxUids(t, account.id);
    expect(uids).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const subjects = await t.database.db
      .selectFrom('email_messages')
      .select('subject')
      .where('email_agent_id', '=', account.id)
      .execute();
    expect(new Set(subjects.map((s) => s.subject)).size).toBe(40);
  }, 60_000);

  it('when the mailbox already held mail before the account was added, then it is stored but not answered', async () => {
    const box = mailUser(servers, 'older');
    const sender = mailUser(servers, 'past');
    await sendAs(servers, sender, {
      to: box.address,
      subject: 'Old news',
      text: 'From last year.',
    });
    // The server keeps arrival times in whole seconds; the sync allows 2 s of grace.
    await new Promise((r) => setTimeout(r, 3100));
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    await sendAs(servers, sender, {
      to: box.address,
      subject: 'New question',
      text: 'Are you open?',
    });
    expect(
      (await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin })).body.stored,
    ).toBe(2);
    const inbox = await t.api('GET', `/api/email-agent/${account.id}/messages`, { token: t.admin });
    const skipped = Object.fromEntries(
      inbox.body.items.map((m: { subject: string; skipped: string | null }) => [
        m.subject,
        m.skipped,
      ]),
    );
    expect(skipped).toEqual({ 'Old news': 'history', 'New question': null });
    const drafts = await t.api('GET', `/api/email-agent/${account.id}/drafts`, { token: t.admin });
    expect(drafts.body.items.map((d: { subject: string }) => d.subject)).toEqual([
      'Re: New question',
    ]);
  });

  it('when another sync holds the account, then a second one stores nothing and says it is busy', async () => {
    const box = mailUser(servers, 'busy');
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    await t.database.db
      .updateTable('email_agents')
      .set({ sync_lease_until: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', account.id)
      .execute();
    const res = await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
    expect(res.body).toEqual({ stored: 0, busy: true });
  });

  it('when the mailbox password is wrong, then the sync reports the failure and keeps it on the account', async () => {
    const box = mailUser(servers, 'badpw');
    const account = await createAccount(
      t,
      t.admin,
      accountBody(servers, box, { password: 'not-the-password' }),
    );
    const res = await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
    expect(res.body.stored).toBe(0);
    expect(res.body.error).toBeTruthy();
    const after = await t.api('GET', `/api/email-agent/${account.id}`, { token: t.admin });
    expect(after.body.last_sync_error).toBeTruthy();
    expect(after.body.last_sync_error_code).toBe('login_refused');
    expect(after.body.last_sync_at).toBeTruthy();
  });
});

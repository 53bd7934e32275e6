import { randomBytes } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailDraftPageSchema } from '../../../contract/email-mailbox';
import {
  accountBody,
  createAccount,
  mailAppEnv,
  mailUser,
  readFolder,
  sendAs,
  waitForMail,
} from '../../test-support/email';
import { addDepartment } from '../../test-support/identity';
import { freePort, startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi, type SuiteApp } from '../../test-support/test-app';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(async () => servers?.stop());

interface Entry {
  action: string;
  draft_id: number | null;
  changes: Record<string, [unknown, unknown]>;
}

async function history(t: SuiteApp, accountId: number): Promise<Entry[]> {
  const res = await t.api('GET', `/api/email-agent/history/${accountId}`, { token: t.admin });
  expect(res.status).toBe(200);
  return res.body.items as Entry[];
}

/** An account with one drafted reply (no knowledge departments: a "found nothing" draft). */
async function accountWithDraft(t: SuiteApp, tag: string) {
  const box = mailUser(servers, tag);
  const customer = mailUser(servers, `${tag}c`);
  const account = await createAccount(t, t.admin, accountBody(servers, box));
  await sendAs(servers, customer, { to: box.address, subject: 'Help', text: 'Can you help me?' });
  expect(
    (await t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin })).body.stored,
  ).toBe(1);
  const drafts = mailDraftPageSchema.parse(
    (await t.api('GET', `/api/email-agent/${account.id}/drafts`, { token: t.admin })).body,
  );
  expect(drafts.items).toHaveLength(1);
  return { box, customer, account, draft: drafts.items[0] };
}

/** Files a raw message in a user's Sent folder over IMAP (what a send does after SMTP). */
async function fileInSent(user: { address: string; password: string }, raw: string) {
  const client = new ImapFlow({
    host: servers.host,
    port: servers.imapPort,
    secure: false,
    auth: { user: user.address, pass: user.password },
    logger: false,
  });
  await client.connect();
  try {
    await client.append('Sent', raw, ['\\Seen']);
  } finally {
    await client.logout();
  }
}

/** How sends are recorded: every draft, edit and send is on the record. */
describeApi('sends on the record', { env: mailAppEnv() }, (t) => {
  const send = (accountId: number, draftId: number) =>
    t.api('POST', `/api/email-agent/${accountId}/drafts/${draftId}/send`, { token: t.admin });

  it('when the SMTP server cannot be reached, then the draft stays pending, the failure is recorded with its reason, and no "sent" entry is written', async () => {
    const { account, draft, customer, box } = await accountWithDraft(t, 'smtpdown');
    const closed = await freePort();
    // A changed port needs the password again (it is sent to the new destination).
    const moved = await t.api('PUT', `/api/email-agent/${account.id}`, {
      token: t.admin,
      body: { smtp_port: closed, password: box.password },
    });
    expect(moved.status).toBe(200);
    const failed = await send(account.id, draft.id);
    expect(failed.status).toBe(502);
    const pending = await t.api('GET', `/api/email-agent/${account.id}/drafts`, { token: t.admin });
    expect(pending.body.items.map((d: { id: number; status: string }) => [d.id, d.status])).toEqual(
      [[draft.id, 'pending']],
    );
    const entries = (await history(t, account.id)).filter((h) => h.draft_id === draft.id);
    expect(entries.map((h) => h.action)).toEqual(['send_failed', 'draft_created']);
    // The reason in neutral words: what answered on the port is the log's to tell.
    expect(String(entries[0].changes.error[1])).toMatch(/no mail server answered/i);

    // Once the server is back, the same draft goes out, and only then is it "sent".
    const back = await t.api('PUT', `/api/email-agent/${account.id}`, {
      token: t.admin,
      body: { smtp_port: servers.smtpPort, password: box.password },
    });
    expect(back.status).toBe(200);
    const ok = await send(account.id, draft.id);
    expect(ok.status).toBe(200);
    const [mail] = await waitForMail(servers, customer, 1);
    expect(mail.messageId).toBe(ok.body.message_id);
    const after = (await history(t, account.id)).filter((h) => h.draft_id === draft.id);
    expect(after.map((h) => h.action)).toEqual(['draft_sent', 'send_failed', 'draft_created']);
    expect(after[0].changes).toMatchObject({
      to: [null, [customer.address]],
      subject: [null, 'Re: Help'],
      message_id: [null, ok.body.message_id],
    });
  });

  it('when two approvals of one draft arrive at once, then it is sent once and recorded once', async () => {
    const { account, draft, customer } = await accountWithDraft(t, 'twice');
    const answers = await Promise.all([send(account.id, draft.id), send(account.id, draft.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await waitForMail(servers, customer, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await readFolder(servers, customer)).toHaveLength(1);
    const sent = (await history(t, account.id)).filter((h) => h.action === 'draft_sent');
    expect(sent).toHaveLength(1);
  });

  it('when a send died mid-way and was left "sending", then the next sync offers the draft again, or marks it sent when Sent holds it', async () => {
    const lost = await accountWithDraft(t, 'crashed');
    const filed = await accountWithDraft(t, 'crashfiled');
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    const fresh = new Date().toISOString();
    const messageId = `<${randomBytes(8).toString('hex')}@example.test>`;
    await t.database.db
      .updateTable('email_drafts')
      .set({ status: 'sending', sending_since: old, sent_message_id: '<never@example.test>' })
      .where('id', '=', lost.draft.id)
      .execute();
    await t.database.db
      .updateTable('email_drafts')
      .set({ status: 'sending', sending_since: old, sent_message_id: messageId })
      .where('id', '=', filed.draft.id)
      .execute();
    await fileInSent(
      filed.box,
      `From: ${filed.box.address}\r\nTo: ${filed.customer.address}\r\nSubject: Re: Help\r\nMessage-ID: ${messageId}\r\n\r\nHello\r\n`,
    );
    // A send still in progress (claimed just now) is left alone.
    const busy = await accountWithDraft(t, 'inflight');
    await t.database.db
      .updateTable('email_drafts')
      .set({ status: 'sending', sending_since: fresh })
      .where('id', '=', busy.draft.id)
      .execute();

    for (const a of [lost, filed, busy])
      await t.api('POST', `/api/email-agent/${a.account.id}/sync`, { token: t.admin });
    const statusOf = async (draftId: number) =>
      (
        await t.database.db
          .selectFrom('email_drafts')
          .select('status')
          .where('id', '=', draftId)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await statusOf(lost.draft.id)).toBe('pending');
    expect(await statusOf(filed.draft.id)).toBe('sent');
    expect(await statusOf(busy.draft.id)).toBe('sending');
    const [reopened] = await history(t, lost.account.id);
    expect(reopened).toMatchObject({ action: 'send_failed', draft_id: lost.draft.id });
    expect(String(reopened.changes.error[1])).toMatch(/never finished/);
    const [found] = await history(t, filed.account.id);
    expect(found).toMatchObject({ action: 'draft_sent', draft_id: filed.draft.id });
    // The reopened draft can be sent now.
    expect((await send(lost.account.id, lost.draft.id)).status).toBe(200);
  });

  it('when a person composes with cc and an attachment, then both recipients receive it, the bytes match, it is in Sent, and the history records what left', async () => {
    const box = mailUser(servers, 'cc');
    const to = mailUser(servers, 'ccto');
    const cc = mailUser(servers, 'cccc');
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    const bytes = randomBytes(40_000);
    const body = 'The signed contract is attached.';
    const res = await t.api('POST', `/api/email-agent/${account.id}/compose`, {
      token: t.admin,
      body: {
        to: [to.address],
        cc: [cc.address],
        subject: 'Contract',
        body,
        attachments: [
          {
            filename: 'contract.bin',
            content_type: 'application/octet-stream',
            content: bytes.toString('base64'),
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    for (const user of [to, cc]) {
      const [mail] = await waitForMail(servers, user, 1);
      expect(mail.messageId).toBe(res.body.message_id);
      expect(mail.cc && !Array.isArray(mail.cc) ? mail.cc.value[0].address : null).toBe(cc.address);
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0].filename).toBe('contract.bin');
      expect(Buffer.compare(mail.attachments[0].content, bytes)).toBe(0);
    }
    const [filed] = await readFolder(servers, box, 'Sent');
    expect(filed.messageId).toBe(res.body.message_id);
    const [entry] = await history(t, account.id);
    expect(entry.action).toBe('sent');
    expect(entry.changes).toMatchObject({
      to: [null, [to.address]],
      cc: [null, [cc.address]],
      subject: [null, 'Contract'],
      attachments: [null, [{ name: 'contract.bin', size: 40_000 }]],
      body_length: [null, body.length],
      message_id: [null, res.body.message_id],
    });
    expect(entry.changes.body_sha256[1]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('when drafting a reply fails, then it is retried on the next syncs, three times in all, and then stays failed with its reason shown', async () => {
    const knowledge = await addDepartment(t, `Retry ${randomBytes(3).toString('hex')}`);
    const box = mailUser(servers, 'retry');
    const customer = mailUser(servers, 'retryc');
    const account = await createAccount(
      t,
      t.admin,
      accountBody(servers, box, { knowledge_departments: [knowledge] }),
    );
    // The answers are logged for the account's creator; one that does not exist fails them.
    const creator = await t.database.db
      .selectFrom('email_agents')
      .select('created_by')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('email_agents')
      .set({ created_by: 2_000_000_000 })
      .where('id', '=', account.id)
      .execute();
    await sendAs(servers, customer, { to: box.address, subject: 'Retry', text: 'Anyone there?' });
    const sync = () => t.api('POST', `/api/email-agent/${account.id}/sync`, { token: t.admin });
    const inbox = async () =>
      (await t.api('GET', `/api/email-agent/${account.id}/messages`, { token: t.admin })).body
        .items[0];
    await sync();
    expect(await inbox()).toMatchObject({ skipped: 'failed', draft_attempts: 1 });
    await sync();
    expect(await inbox()).toMatchObject({ skipped: 'failed', draft_attempts: 2 });
    await sync();
    await sync();
    const last = await inbox();
    expect(last).toMatchObject({ skipped: 'failed', draft_attempts: 3 });
    expect(last.draft_error).toBeTruthy();
    expect(
      (await t.api('GET', `/api/email-agent/${account.id}/drafts`, { token: t.admin })).body.total,
    ).toBe(0);

    // A message that failed once is drafted on the next sync once the cause is gone.
    await t.database.db
      .updateTable('email_agents')
      .set({ created_by: creator.created_by })
      .where('id', '=', account.id)
      .execute();
    await t.database.db
      .updateTable('email_messages')
      .set({ draft_attempts: 1 })
      .where('email_agent_id', '=', account.id)
      .execute();
    await sync();
    expect(await inbox()).toMatchObject({ skipped: null, draft_error: null });
    expect(
      (await t.api('GET', `/api/email-agent/${account.id}/drafts`, { token: t.admin })).body.total,
    ).toBe(1);
  });
});

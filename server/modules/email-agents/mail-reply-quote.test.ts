import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailDraftPageSchema } from '../../../contract/email-mailbox';
import {
  accountBody,
  createAccount,
  mailAppEnv,
  mailUser,
  sendAs,
  waitForMail,
} from '../../test-support/email';
import { startMailServers, type MailServers } from '../../test-support/mail-servers';
import { describeApi } from '../../test-support/test-app';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(async () => servers?.stop());

const SIGNATURE = 'Marina Keller\nHarbour desk, Quillonby\n+44 20 7946 0100';

/** A customer's HTML mail with what must never travel back in a quote. */
const HOSTILE_HTML = `<html><head><style>body{display:none}</style></head><body>
<p>Hello, when does the <b>harbour office</b> open?</p>
<script>alert('quoted')</script>
<img src="x" onerror="alert('quoted')">
<img src="cid:logo@customer" alt="logo">
<a href="javascript:alert(1)">click</a>
<form action="https://evil.example/"><input name="q"></form>
</body></html>`;

/** Replies and new mail as mail clients write them: signature, quoted original, thread headers. */
describeApi('replies quote the original and carry the signature', { env: mailAppEnv() }, (t) => {
  const sync = (id: number) => t.api('POST', `/api/email-agent/${id}/sync`, { token: t.admin });
  const pendingDrafts = async (id: number) =>
    mailDraftPageSchema.parse(
      (await t.api('GET', `/api/email-agent/${id}/drafts`, { token: t.admin })).body,
    ).items;

  it('when a drafted reply to an HTML mail is approved, then the customer gets text and HTML parts quoting the original under the signature, the HTML cleaned, with In-Reply-To and References', async () => {
    const box = mailUser(servers, 'quote');
    const customer = mailUser(servers, 'skipper');
    const account = await createAccount(
      t,
      t.admin,
      accountBody(servers, box, { title: 'Harbour desk', signature: SIGNATURE }),
    );
    expect(account.signature).toBe(SIGNATURE);
    const asked = await sendAs(servers, customer, {
      from: { name: 'Tom Baker', address: customer.address },
      to: box.address,
      subject: 'Opening hours',
      text: 'Hello, when does the harbour office open?\n\nThanks, Tom',
      html: HOSTILE_HTML,
      references: ['<earlier@customer.test>'],
    });
    expect((await sync(account.id)).body.stored).toBe(1);
    const [draft] = await pendingDrafts(account.id);
    const edited = `Hello Tom,\n\nThe harbour office opens at 07:15 on weekdays.\n\nKind regards,`;
    expect(
      (
        await t.api('PUT', `/api/email-agent/${account.id}/drafts/${draft.id}`, {
          token: t.admin,
          body: { body: edited },
        })
      ).status,
    ).toBe(200);
    const sent = await t.api('POST', `/api/email-agent/${account.id}/drafts/${draft.id}/send`, {
      token: t.admin,
    });
    expect(sent.status).toBe(200);

    const [reply] = await waitForMail(servers, customer, 1);
    expect(reply.inReplyTo).toBe(asked.messageId);
    expect(reply.references).toEqual(['<earlier@customer.test>', asked.messageId]);
    // Text: the reply, the signature after "-- ", the attribution, the original behind "> ".
    const text = reply.text ?? '';
    const signatureAt = text.indexOf(`\n-- \n${SIGNATURE}\n`);
    const attribution = text.match(/^On (.+ UTC), Tom Baker <(.+)> wrote:$/m);
    expect(text.startsWith(edited)).toBe(true);
    expect(signatureAt).toBeGreaterThan(0);
    expect(attribution?.[2]).toBe(customer.address);
    expect(text.indexOf(attribution?.[0] ?? '?')).toBeGreaterThan(signatureAt);
    expect(text).toContain('\n> Hello, when does the harbour office open?\n>\n> Thanks, Tom');
    // HTML: the same order, the original in a cite blockquote, nothing of it that could run.
    const html = String(reply.html);
    const quote = html.match(/<blockquote type="cite"[^>]*>([\s\S]*)<\/blockquote>/);
    expect(quote).not.toBeNull();
    expect(quote?.[0]).toContain(`cite="mid:${asked.messageId.replace(/^<|>$/g, '')}"`);
    expect(quote?.[1]).toContain('<b>harbour office</b>');
    expect(html.indexOf('The harbour office opens at 07:15')).toBeLessThan(
      html.indexOf('Marina Keller'),
    );
    expect(html.indexOf('Marina Keller')).toBeLessThan(html.indexOf('<blockquote'));
    expect(html).toContain('wrote:');
    for (const gone of ['<script', 'onerror', 'javascript:', '<form', '<input', '<style', 'cid:'])
      expect(html).not.toContain(gone);
  }, 60_000);

  it('when a person composes a new mail from an account with a signature, then it arrives as plain text with the signature after "-- " and quotes nothing', async () => {
    const box = mailUser(servers, 'newsig');
    const friend = mailUser(servers, 'friend');
    const account = await createAccount(
      t,
      t.admin,
      accountBody(servers, box, { signature: `-- \n${SIGNATURE}\n\n` }),
    );
    // A signature typed with its own "-- " line and trailing blank lines is kept without them.
    expect(account.signature).toBe(`-- \n${SIGNATURE}`);
    const res = await t.api('POST', `/api/email-agent/${account.id}/compose`, {
      token: t.admin,
      body: { to: [friend.address], subject: 'Berth 7', body: 'Berth 7 is yours on Tuesday.' },
    });
    expect(res.status).toBe(200);
    const [mail] = await waitForMail(servers, friend, 1);
    expect(mail.text).toBe(`Berth 7 is yours on Tuesday.\n\n-- \n${SIGNATURE}\n`);
    expect(mail.html).toBe(false);
    expect(mail.inReplyTo).toBeUndefined();
  }, 60_000);

  it('when the signature is changed, then the account answers it, its history names the field, and one too long or with control characters is refused and changes nothing', async () => {
    const box = mailUser(servers, 'sigedit');
    const account = await createAccount(t, t.admin, accountBody(servers, box));
    expect(account.signature).toBe('');
    const put = (signature: string) =>
      t.api('PUT', `/api/email-agent/${account.id}`, { token: t.admin, body: { signature } });
    const changed = await put('The night desk');
    expect(changed.status).toBe(200);
    expect(changed.body.signature).toBe('The night desk');
    const history = await t.api('GET', `/api/email-agent/history/${account.id}`, {
      token: t.admin,
    });
    expect(history.body.items[0].changes.signature).toEqual(['', 'The night desk']);
    for (const bad of ['x'.repeat(2001), 'bell\u0007']) expect((await put(bad)).status).toBe(400);
    const kept = await t.api('GET', `/api/email-agent/${account.id}`, { token: t.admin });
    expect(kept.body.signature).toBe('The night desk');
  });
});

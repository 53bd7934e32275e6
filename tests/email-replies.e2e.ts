/**
 * E-mail that answers, as a customer walk-through found it wanting, against a real dovecot and
 * SMTP server on loopback: a mailbox connected through the form is read at once (its mail shows
 * without waiting for the sync's round); a customer's mail with a greeting, two questions and a
 * sign-off gets a draft answering both; the administrator edits and approves it, and what the
 * SMTP server delivers quotes the original (text and HTML) under the account's signature, with
 * its thread headers; a compose left half-written comes back; the history names its fields in
 * words, in English and in French.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailUser, sendAs, waitForMail } from '../server/test-support/email';
import { startMailServers, type MailServers } from '../server/test-support/mail-servers';
import { apiLogin } from './support/accounts';
import { signIn } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { harbourHandbook } from './support/harbour-handbook';
import { startServer, type RunningServer } from './support/server';
import { uploadReady } from './support/uploads';

const SIGNATURE = 'Marina Keller\nHarbour desk, Quillonby';

const CUSTOMER_TEXT = [
  'Hello harbour team,',
  '',
  'I hope you are well. We are sailing to Quillonby next week.',
  'When does the Quillonby harbour office open? And who issues fishing permits for the Quillonby pier?',
  '',
  'Kind regards,',
  'Tom Baker',
].join('\n');

const CUSTOMER_HTML = `<p>Hello harbour team,</p>
<p>I hope you are well. We are sailing to <b>Quillonby</b> next week.<br>
When does the Quillonby harbour office open? And who issues fishing permits for the Quillonby pier?</p>
<p>Kind regards,<br>Tom Baker</p>
<img src="x" onerror="alert('quoted')">`;

describe('e-mail that answers', () => {
  let mail: MailServers;
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  let box: { address: string; password: string };
  let customer: { address: string; password: string };
  let accountPath: string;

  beforeAll(async () => {
    mail = await startMailServers();
    box = mailUser(mail, 'desk');
    customer = mailUser(mail, 'sailor');
    // The round of the sync is an hour away all through this test: whatever shows at once was
    // read because the mailbox was connected, not because a round came by.
    server = await startServer({
      EMAIL_SYNC_SECONDS: '3600',
      INTEGRATION_HOSTS_ALLOW: '127.0.0.1',
    });
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    await uploadReady(server, token, {
      name: 'quillonby-handbook.pdf',
      type: 'application/pdf',
      bytes: harbourHandbook,
    });
    browser = await launchBrowser();
    page = await browser.newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.stop();
  });

  it('when a mailbox is connected through the form, then Test connection says it signed in and the mail already there shows at once', async () => {
    await sendAs(mail, customer, { to: box.address, subject: 'Welcome aboard', text: 'Hi!' });
    await page.goto(`${server.url}/integration/email-integration`);
    await page.getByRole('link', { name: 'Add e-mail account' }).click();
    await page.getByLabel('E-mail address').fill(box.address);
    await page.getByLabel('Title').fill('Harbour desk');
    await page.getByLabel('Department').selectOption({ label: 'General' });
    for (const [i, [label, port]] of (
      [
        ['IMAP server', mail.imapPort],
        ['SMTP server', mail.smtpPort],
      ] as const
    ).entries()) {
      await page.getByLabel(label).fill(mail.host);
      await page.getByLabel('Port').nth(i).fill(String(port));
      await page.getByLabel('Security').nth(i).selectOption('none');
    }
    await page.getByLabel('User name').fill(box.address);
    await page.getByLabel('Password').fill(box.password);
    await page.getByLabel('Signature').fill(SIGNATURE);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByRole('status').filter({ hasText: 'IMAP' });
    await expect
      .poll(() => result.innerText())
      .toContain('IMAP: connected without encryption and signed in.');
    expect(await result.innerText()).toContain('SMTP: connected without encryption and signed in.');
    await page.getByLabel('General').check();
    await page.getByRole('button', { name: 'Add account' }).click();
    const added = Date.now();
    await page.waitForURL(/view-email-agent\/\d+$/);
    accountPath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Inbox' }).click();
    // Without the sync at once it would wait for the round: an hour here, a minute by default.
    // The list is read when the page loads: reloaded until it shows the mail.
    const threads = page.getByTestId('mail-threads');
    const welcome = threads.getByText('Welcome aboard');
    for (;;) {
      await threads.or(page.getByText('No messages here yet.')).first().waitFor();
      if ((await welcome.count()) > 0 || Date.now() - added > 20_000) break;
      await page.waitForTimeout(300);
      await page.reload();
    }
    await welcome.waitFor({ timeout: 1000 });
    const seconds = (Date.now() - added) / 1000;
    console.log(`mailbox added -> its mail in the inbox: ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(20);
  }, 90_000);

  it('when a customer greets, asks two questions and signs off, then the draft answers both, and the approved reply quotes the original under the signature', async () => {
    const asked = await sendAs(mail, customer, {
      from: { name: 'Tom Baker', address: customer.address },
      to: box.address,
      subject: 'Visiting Quillonby',
      text: CUSTOMER_TEXT,
      html: CUSTOMER_HTML,
    });
    await page.goto(`${server.url}${accountPath}`);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('1 new message(s) stored.').waitFor();
    await page.getByRole('link', { name: 'Drafts' }).click();
    const draft = page.getByTestId('mail-draft').filter({ hasText: 'Visiting Quillonby' });
    await draft.getByText('Sources', { exact: true }).waitFor();
    const body = draft.getByRole('textbox', { name: 'Message', exact: true });
    const drafted = await body.inputValue();
    // Each question quoted with its answer under it; greeting and sign-off are not questions.
    const [office, permits] = drafted.split('\n\n> ').slice(1);
    expect(office).toMatch(/^When does the Quillonby harbour office open\?\n.*07:15/s);
    expect(permits).toMatch(/fishing permits.*\n.*harbour master/is);
    expect(drafted).not.toMatch(/> (Hello harbour team|Kind regards|I hope you are well)/);
    // The drafts screen says what goes with the reply.
    const note = draft.getByTestId('signature-note');
    expect(await note.innerText()).toContain('the customer’s mail is quoted below it');
    expect(await note.innerText()).toContain('Marina Keller');

    const edited = `${drafted}\n\nSee you at the pier, Marina`;
    await body.fill(edited);
    await draft.getByRole('button', { name: 'Approve and send' }).click();
    await page.getByText(`The reply to ${customer.address} was sent.`).waitFor();

    const [reply] = (await waitForMail(mail, customer, 2)).filter(
      (m) => m.subject === 'Re: Visiting Quillonby',
    );
    expect(reply.inReplyTo).toBe(asked.messageId);
    expect(reply.references).toContain(asked.messageId);
    const text = reply.text ?? '';
    expect(text).toContain('See you at the pier, Marina');
    const signatureAt = text.indexOf(`\n-- \n${SIGNATURE}\n`);
    const quoteAt = text.search(/^On .+ UTC, Tom Baker <.+> wrote:$/m);
    expect(signatureAt).toBeGreaterThan(text.indexOf('See you at the pier'));
    expect(quoteAt).toBeGreaterThan(signatureAt);
    expect(text.slice(quoteAt)).toContain(
      '> When does the Quillonby harbour office open? And who issues fishing permits for the Quillonby pier?',
    );
    const html = String(reply.html);
    expect(html).toMatch(
      /<blockquote type="cite"[^>]*>[\s\S]*<b>Quillonby<\/b>[\s\S]*<\/blockquote>/,
    );
    expect(html.indexOf('Marina Keller')).toBeLessThan(html.indexOf('<blockquote'));
    expect(html).not.toContain('onerror');
  }, 120_000);

  it('when a compose is left half-written, by a link or by closing its tab, then it comes back when compose opens again, and Discard draft ends it', async () => {
    await page.goto(`${server.url}${accountPath}`);
    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByRole('heading', { name: `New message from ${box.address}` }).waitFor();
    await page.getByLabel('To', { exact: true }).fill(customer.address);
    await page.getByLabel('Subject').fill('Berth for next week');
    await page.getByLabel('Message').fill('Berth 7 is');
    expect(await page.getByTestId('signature-note').innerText()).toContain('Marina Keller');
    await page.getByRole('link', { name: 'Close' }).click();
    await page.getByTestId('mail-threads').waitFor();
    await page.goto(`${server.url}${accountPath}`);
    await page.getByRole('link', { name: 'Compose' }).click();
    const message = page.getByLabel('Message');
    await expect.poll(() => message.inputValue()).toBe('Berth 7 is');
    expect(await page.getByLabel('Subject').inputValue()).toBe('Berth for next week');
    await page.getByText(/Your unsent draft from .* is back\./).waitFor();

    // Written on in a tab of its own, closed straight after typing.
    const tab = await page.context().newPage();
    await tab.goto(page.url());
    const more = tab.getByLabel('Message');
    await expect.poll(() => more.inputValue()).toBe('Berth 7 is');
    await more.fill('Berth 7 is yours from Tuesday.');
    await tab.close({ runBeforeUnload: true });
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Message').inputValue())
      .toBe('Berth 7 is yours from Tuesday.');

    // At phone width the compose fits the screen.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByText('The draft was discarded.').waitFor();
    await page.getByTestId('mail-threads').waitFor();
    await page.goto(`${server.url}${accountPath}`);
    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByRole('heading', { name: `New message from ${box.address}` }).waitFor();
    expect(await page.getByLabel('Message').inputValue()).toBe('');
  }, 90_000);

  it('when the account history is read in English and in French, then the changed fields are named in words', async () => {
    const entryOf = (action: string) =>
      page.getByTestId('email-history').locator('.list-group-item').filter({ hasText: action });
    await page.goto(`${server.url}${accountPath}?lng=en`);
    const added = entryOf('Account added');
    await added.waitFor();
    const english = await added.innerText();
    for (const words of ['e-mail address', 'department', 'IMAP server', 'SMTP port', 'signature'])
      expect(english).toContain(words);
    expect(await entryOf('Reply sent').first().innerText()).toContain('message ID');
    expect(await page.getByTestId('email-history').innerText()).not.toMatch(/\w_\w/);

    await page.goto(`${server.url}${accountPath}?lng=fr`);
    const french = entryOf('Compte ajouté');
    await french.waitFor();
    const text = await french.innerText();
    for (const words of ['adresse e-mail', 'département', 'serveur IMAP', 'port SMTP', 'signature'])
      expect(text).toContain(words);
    expect(await page.getByTestId('email-history').innerText()).not.toMatch(/\w_\w/);
    await page.goto(`${server.url}${accountPath}?lng=en`);
  }, 60_000);
});

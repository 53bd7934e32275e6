/**
 * Issue 16 as people do it, against a real dovecot and SMTP server on loopback. An administrator
 * adds the support mailbox through the form: "Test connection" with a wrong password names IMAP
 * and SMTP, with the right one both pass. A customer asks about the uploaded harbour handbook;
 * someone else sends HTML carrying a script and an onerror image. After "Sync now" the inbox
 * shows both conversations; the hostile one runs nothing in Chromium and its remote image stays
 * blocked. The drafted reply cites the handbook; the administrator edits it, approves it, and
 * the customer's mailbox (read over IMAP) receives it with In-Reply-To; Sent shows it. A clerk
 * with the e-mail-only profile (SPEC §6) sees Dashboard, Profile and Email, and the Email group
 * opens the mailbox by its address in a new tab.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionId } from '../contract/permissions';
import { mailUser, sendAs, waitForMail } from '../server/test-support/email';
import { startMailServers, type MailServers } from '../server/test-support/mail-servers';
import { apiLogin } from './support/accounts';
import { sidebarItems, signIn } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { HARBOUR_QUESTION, harbourHandbook } from './support/harbour-handbook';
import { linkFrom, waitForMail as waitForOutbox } from './support/outbox';
import { api, startServer, type RunningServer } from './support/server';
import { uploadReady } from './support/uploads';

const HOSTILE = `<p>Hello <b>there</b></p>
<script>window.top.__mailScript = 'ran'</script>
<img src="x" onerror="window.top.__mailOnerror = 'ran'">
<img src="https://tracker.example.test/pixel.png" alt="pixel">`;

describe('e-mail agent', () => {
  let mail: MailServers;
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  let box: { address: string; password: string };
  let customer: { address: string; password: string };
  let asked: { messageId: string };

  beforeAll(async () => {
    mail = await startMailServers();
    box = mailUser(mail, 'support');
    customer = mailUser(mail, 'skipper');
    server = await startServer({ EMAIL_SYNC_SECONDS: '0' });
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

  it('when the mailbox is added with a wrong password, then Test connection names IMAP and SMTP, and with the right one the account saves', async () => {
    await page.goto(`${server.url}/integration/email-integration`);
    await page.getByRole('link', { name: 'Add e-mail account' }).click();
    await page.getByLabel('E-mail address').fill(box.address);
    await page.getByLabel('Title').fill('Harbour desk');
    await page.getByLabel('Department').selectOption({ label: 'General' });
    const endpoints = [
      ['IMAP server', mail.imapPort],
      ['SMTP server', mail.smtpPort],
    ] as const;
    for (const [i, [label, port]] of endpoints.entries()) {
      await page.getByLabel(label).fill(mail.host);
      await page.getByLabel('Port').nth(i).fill(String(port));
      await page.getByLabel('Security').nth(i).selectOption('none');
    }
    await page.getByLabel('User name').fill(box.address);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByRole('status').filter({ hasText: 'IMAP' });
    await expect.poll(() => result.innerText()).toMatch(/IMAP failed: login refused/);
    expect(await result.innerText()).toMatch(/SMTP failed: login refused/);
    await page.getByLabel('Password').fill(box.password);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => result.innerText()).toContain('IMAP: login works.');
    expect(await result.innerText()).toContain('SMTP: login works.');
    await page.getByLabel('General').check();
    await page.getByRole('button', { name: 'Add account' }).click();
    await page.waitForURL(/view-email-agent\/\d+$/);
    await page.getByRole('heading', { level: 1, name: box.address }).waitFor();
  }, 60_000);

  it('when mail arrives and is synced, then the inbox shows it threaded, a hostile HTML mail runs nothing and an attachment downloads', async () => {
    const other = mailUser(mail, 'stranger');
    asked = await sendAs(mail, customer, {
      to: box.address,
      subject: 'Harbour office',
      text: HARBOUR_QUESTION,
      attachments: [{ filename: 'berth.txt', content: 'Berth 7, arriving Tuesday' }],
    });
    await sendAs(mail, other, { to: box.address, subject: 'Special offer', html: HOSTILE });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('2 new message(s) stored.').waitFor();
    await page.getByRole('link', { name: 'Inbox' }).click();
    const threads = page.getByTestId('mail-threads');
    await threads.getByText('Harbour office').waitFor();
    await threads.getByText('Special offer').click();
    const frame = page.frameLocator('iframe.mail-frame');
    await frame.locator('b', { hasText: 'there' }).waitFor();
    expect(await frame.locator('script').count()).toBe(0);
    expect(await frame.locator('[onerror]').count()).toBe(0);
    expect(await frame.locator('img[src^="https:"]').count()).toBe(0);
    await page.getByText('1 remote image(s) blocked.').waitFor();
    const ran = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return [w.__mailScript, w.__mailOnerror];
    });
    expect(ran).toEqual([undefined, undefined]);
    expect(await page.locator('iframe.mail-frame').getAttribute('sandbox')).toBe('');
    // The other conversation's attachment downloads as it was sent.
    await threads.getByText('Harbour office').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^berth\.txt/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('berth.txt');
    expect(readFileSync(await download.path(), 'utf8')).toBe('Berth 7, arriving Tuesday');
  }, 60_000);

  it('when the drafted reply is edited and approved, then the customer receives it with In-Reply-To and Sent shows it', async () => {
    await page.getByRole('link', { name: 'Drafts' }).click();
    const draft = page.getByTestId('mail-draft').filter({ hasText: 'Harbour office' });
    await draft.getByText('Sources', { exact: true }).waitFor();
    expect(await draft.locator('ol li').first().innerText()).toContain('quillonby-handbook.pdf');
    const body = draft.getByRole('textbox', { name: 'Message', exact: true });
    expect(await body.inputValue()).toMatch(/07:15/);
    await body.fill(`${await body.inputValue()}\n\nFair winds, the harbour desk`);
    await draft.getByRole('button', { name: 'Approve and send' }).click();
    await page.getByText(`The reply to ${customer.address} was sent.`).waitFor();
    const [reply] = await waitForMail(mail, customer, 1);
    expect(reply.inReplyTo).toBe(asked.messageId);
    expect(reply.subject).toBe('Re: Harbour office');
    expect(reply.text).toContain('Fair winds, the harbour desk');
    await page.getByRole('link', { name: 'Sent' }).click();
    await page.getByTestId('mail-threads').getByText('Re: Harbour office').waitFor();
  }, 60_000);

  it('when a clerk has the e-mail-only profile, then the menu is Dashboard, Profile and Email, and the Email group opens the inbox by address in a new tab', async () => {
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    const actions = ['UPDATE', 'VIEW', 'LIST_VIEW', 'ANALYTICS'] as const;
    const role = await api(server, 'POST', '/roles', {
      token,
      body: {
        name: 'Mail clerk',
        department_id: 1,
        permission_set: actions.map((a) => permissionId('Email_agent', a)),
      },
    });
    expect(role.status).toBe(201);
    const clerk = { email: 'clerk@example.test', password: 'Clerk-Pass-2026-x' };
    const user = await api(server, 'POST', '/users', {
      token,
      body: {
        username: 'mail.clerk',
        first_name: 'Mail',
        last_name: 'Clerk',
        email: clerk.email,
        assignments: [{ department_id: 1, role_id: (role.body as { role_id: number }).role_id }],
      },
    });
    expect(user.status).toBe(201);
    const invitation = await waitForOutbox(server.dataDir, clerk.email, '/reset-password?token=');
    const staff = await browser.newPage();
    await staff.goto(linkFrom(invitation, '/reset-password?token='));
    await staff.getByLabel('New password').fill(clerk.password);
    await staff.getByLabel('Confirm password').fill(clerk.password);
    await staff.getByRole('button', { name: 'Set password' }).click();
    await staff.getByText('Your password has been reset.').waitFor();
    await signIn(staff, server.url, clerk.email, clerk.password);
    expect(await sidebarItems(staff)).toEqual(['Dashboard', 'Profile', 'Email']);
    const menu = staff.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Email', { exact: true }).click();
    const [inbox] = await Promise.all([
      staff.context().waitForEvent('page'),
      menu.getByRole('link', { name: box.address }).click(),
    ]);
    await inbox.getByTestId('mail-threads').waitFor();
    expect(decodeURIComponent(new URL(inbox.url()).pathname)).toBe(
      `/integration/email-integration/view-email-inbox/${box.address}`,
    );
    await inbox.getByTestId('mail-threads').getByText('Harbour office').waitFor();
  }, 60_000);
});

/**
 * Issue 16 as people do it, against a real dovecot and SMTP server on loopback: the mailbox added
 * through the form ("Test connection" names IMAP and SMTP); a question about the uploaded harbour
 * handbook and a hostile HTML mail synced (its scripts would post to the console's page; its
 * remote image, on a loopback HTTPS host counting requests, waits for "Show images"); the drafted
 * reply edited, approved and received with In-Reply-To, and shown with its question in the inbox
 * and Sent; the other draft discarded; a message composed with cc and an attachment; the account's
 * figures, history and edit (the stored password kept); the e-mail-only clerk (SPEC §6); and the
 * list switching the account off and deleting it.
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
import { startImageServer, type ImageServer } from './support/image-server';
import { detail, hostileMail, postedTo, recordPostedMessages } from './support/mail-page';
import { linkFrom, waitForMail as waitForOutbox } from './support/outbox';
import { api, startServer, type RunningServer } from './support/server';
import { uploadReady } from './support/uploads';

describe('e-mail agent', () => {
  let mail: MailServers;
  let server: RunningServer;
  let images: ImageServer;
  let browser: BrowserSession;
  let page: Page;
  let box: { address: string; password: string };
  let customer: { address: string; password: string };
  let other: { address: string; password: string };
  let asked: { messageId: string };
  let accountPath: string;

  beforeAll(async () => {
    mail = await startMailServers();
    box = mailUser(mail, 'support');
    customer = mailUser(mail, 'skipper');
    other = mailUser(mail, 'stranger');
    images = await startImageServer();
    // The mail servers listen on loopback, which integrations reach only where it is allowed.
    server = await startServer({ EMAIL_SYNC_SECONDS: '0', INTEGRATION_HOSTS_ALLOW: '127.0.0.1' });
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    await uploadReady(server, token, {
      name: 'quillonby-handbook.pdf',
      type: 'application/pdf',
      bytes: harbourHandbook,
    });
    browser = await launchBrowser();
    // The image host's certificate is self-signed.
    page = await browser.newPage({ ignoreHTTPSErrors: true });
    await recordPostedMessages(page);
    await signIn(page, server.url, server.admin.email, server.admin.password);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await images?.stop();
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
    await expect
      .poll(() => result.innerText())
      .toMatch(/IMAP failed: The mail server refused the login\./);
    expect(await result.innerText()).toMatch(/SMTP failed: The mail server refused the login\./);
    await page.getByLabel('Password').fill(box.password);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => result.innerText())
      .toContain('IMAP: connected without encryption and signed in.');
    expect(await result.innerText()).toContain('SMTP: connected without encryption and signed in.');
    await page.getByLabel('General').check();
    await page.getByRole('button', { name: 'Add account' }).click();
    await page.waitForURL(/view-email-agent\/\d+$/);
    accountPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: box.address }).waitFor();
  }, 60_000);

  it('when mail arrives and is synced, then the inbox shows it threaded, a hostile HTML mail runs nothing, its remote image waits for Show images and an attachment downloads', async () => {
    asked = await sendAs(mail, customer, {
      to: box.address,
      subject: 'Harbour office',
      text: HARBOUR_QUESTION,
      attachments: [{ filename: 'berth.txt', content: 'Berth 7, arriving Tuesday' }],
    });
    const pixel = images.url('pixel.png');
    await sendAs(mail, other, {
      to: box.address,
      subject: 'Special offer',
      html: hostileMail(pixel),
    });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('2 new message(s) stored.').waitFor();
    await page.getByRole('link', { name: 'Inbox' }).click();
    const threads = page.getByTestId('mail-threads');
    await threads.getByText('Harbour office').waitFor();
    await threads.getByText('Special offer').click();
    const frameElement = page.locator('iframe.mail-frame');
    const sandbox = await frameElement.getAttribute('sandbox');
    expect(sandbox).not.toBeNull();
    expect(sandbox).not.toMatch(/allow-scripts|allow-same-origin/);
    const frame = page.frameLocator('iframe.mail-frame');
    await frame.locator('b', { hasText: 'there' }).waitFor();
    // The frame has loaded (its broken image has failed); a posted message would be queued by now.
    await (await (await frameElement.elementHandle()).contentFrame())?.waitForLoadState('load');
    await page.waitForTimeout(300);
    // The listener is live (a message the page posts itself is recorded); no mail script posted.
    await page.evaluate(() => window.postMessage('listener-alive', '*'));
    await expect.poll(() => postedTo(page)).toContain('listener-alive');
    expect((await postedTo(page)).filter((data) => data === 'mail-script-ran')).toEqual([]);
    await page.getByText('1 remote image(s) blocked.').waitFor();
    expect(await frame.locator('img[src^="https:"]').count()).toBe(0);
    expect(images.requests).toEqual([]);
    await page.getByRole('button', { name: 'Show images' }).click();
    await frame.locator(`img[src="${pixel}"]`).waitFor();
    await expect.poll(() => images.requests).toContain('/pixel.png');
    // The other conversation's attachment downloads as it was sent.
    await threads.getByText('Harbour office').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^berth\.txt/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('berth.txt');
    expect(readFileSync(await download.path(), 'utf8')).toBe('Berth 7, arriving Tuesday');
  }, 60_000);

  it('when the drafted reply is edited and approved, then the customer receives it with In-Reply-To, the conversation shows question and reply, and the other draft is discarded', async () => {
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
    const offer = page.getByTestId('mail-draft').filter({ hasText: 'Special offer' });
    await offer.getByRole('button', { name: 'Discard' }).click();
    await page.getByText('The draft was discarded.').waitFor();
    await page.getByText('No drafts are waiting.').waitFor();
    // The reply is in Sent, the question in the inbox: each shows the whole conversation.
    for (const [tab, subject] of [
      ['Inbox', 'Harbour office'],
      ['Sent', 'Re: Harbour office'],
    ]) {
      await page.getByRole('link', { name: tab, exact: true }).click();
      await page.getByTestId('mail-threads').getByText(subject, { exact: true }).click();
      const thread = page.getByTestId('mail-thread');
      await thread.getByText('Messages in this conversation: 2').waitFor();
      const messages = thread.getByTestId('mail-message');
      await messages.nth(1).getByText(box.address).first().waitFor();
      expect(await messages.nth(0).getByRole('heading').innerText()).toBe('Harbour office');
      expect(await messages.nth(1).getByRole('heading').innerText()).toBe('Re: Harbour office');
    }
  }, 60_000);

  it('when a message is composed with cc and an attachment, then both recipients get it and Sent shows it', async () => {
    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByRole('heading', { name: `New message from ${box.address}` }).waitFor();
    // The checklist layout: no sidebar.
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    await page.getByLabel('To', { exact: true }).fill(customer.address);
    await page.getByLabel('Cc', { exact: true }).fill(other.address);
    await page.getByLabel('Subject').fill('Berth confirmation');
    await page.getByLabel('Message').fill('Berth 7 is yours on Tuesday.');
    await page.getByLabel('Attachments').setInputFiles({
      name: 'berth-plan.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Berth 7, east quay'),
    });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('The message was sent.').waitFor();
    await page.waitForURL(/view-email-sent\/\d+$/);
    await page.getByTestId('mail-threads').getByText('Berth confirmation').click();
    const sentCopy = page.getByTestId('mail-message');
    await sentCopy.getByText(other.address).waitFor();
    expect(await sentCopy.getByRole('heading').innerText()).toBe('Berth confirmation');
    // The console's Sent copy keeps the attachment.
    await sentCopy.getByRole('button', { name: 'berth-plan.txt (1 KB)' }).waitFor();
    const arrived = (await waitForMail(mail, customer, 2)).find(
      (m) => m.subject === 'Berth confirmation',
    );
    expect(arrived?.text?.trim()).toBe('Berth 7 is yours on Tuesday.');
    expect(arrived?.attachments.map((a) => a.content.toString())).toEqual(['Berth 7, east quay']);
    const copy = await waitForMail(mail, other, 1);
    expect(copy.map((m) => m.subject)).toEqual(['Berth confirmation']);
  }, 60_000);

  it('when the account is opened and edited, then it shows its figures and history, and the stored password is kept', async () => {
    await page.goto(`${server.url}${accountPath}`);
    await page.getByRole('heading', { name: 'Figures' }).waitFor();
    expect(await detail(page, 'Received')).toBe('2');
    expect(await detail(page, 'Drafts made')).toBe('2');
    expect(await detail(page, 'Waiting for approval')).toBe('0');
    expect(await detail(page, 'Sent')).toBe('2');
    const history = page.getByTestId('email-history');
    const actions = ['Account added', 'Reply drafted', 'Draft edited', 'Reply sent'];
    for (const action of [...actions, 'Draft discarded', 'Message sent'])
      await history.getByText(action, { exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/update-email-agent\/\d+$/);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await page.getByText('A password is stored; leave empty to keep it.').waitFor();
    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByRole('status').filter({ hasText: 'IMAP' });
    await expect
      .poll(() => result.innerText())
      .toContain('IMAP: connected without encryption and signed in.');
    await page.getByLabel('Title').fill('Harbour night desk');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`The e-mail account ${box.address} was saved.`).waitFor();
    await page.waitForURL((u) => u.pathname === accountPath);
    expect(await detail(page, 'Title')).toBe('Harbour night desk');
    await history.getByText('Account changed', { exact: true }).waitFor();
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
    await staff.getByText('Your password is set.').waitFor();
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

  it('when the list switches the account off and deletes it, then it stays off after a reload and then is gone', async () => {
    await page.goto(`${server.url}/integration/email-integration`);
    const row = page.locator(`[data-testid="email-account-row"][data-email="${box.address}"]`);
    const toggle = row.getByRole('checkbox', { name: `Switch ${box.address} on or off` });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await page.getByText(`${box.address} is switched off.`).waitFor();
    await page.reload();
    expect(await toggle.isChecked()).toBe(false);
    expect(await row.getByText('Off', { exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: `Delete ${box.address}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`The e-mail account ${box.address} was deleted.`).waitFor();
    await page.getByText('No e-mail accounts yet.').waitFor();
    expect(await row.count()).toBe(0);
  }, 60_000);
});

/**
 * A new administrator's first hour, every screen reached by clicking (the sidebar, the dashboard's
 * cards, the Integrations page's cards, buttons and links); an address is typed only for the
 * console's root and for the customer's own website. One browser session, in order: sign in and
 * find the assistant; upload the harbour handbook and ask about it; create a chat widget, paste
 * its copied snippet into a page on another loopback site and ask there; connect a mailbox (real
 * dovecot and SMTP on loopback), answer a customer's mail by approving the drafted reply; connect
 * a MariaDB source and chart a total by a column in the chat; create an API key and run the curl
 * command the page gives. Finally the way to the assistant again on a 390 px phone.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagesInsert, PACKAGES_DDL } from '../server/test-support/db-sources';
import { mailAppEnv, mailUser, sendAs, waitForMail } from '../server/test-support/email';
import { startMailServers, type MailServers } from '../server/test-support/mail-servers';
import { startMariaDb, type MariaDbServer } from '../server/test-support/mariadb-server';
import { expectPath } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { HARBOUR_QUESTION, harbourHandbook } from './support/harbour-handbook';
import { serveHostPage, type HostPage } from './support/host-page';
import { startServer, type RunningServer } from './support/server';

const HANDBOOK = 'quillonby-handbook.pdf';
const WIDGET = 'Harbour shop chat';
const SOURCE = 'Debian archive';
// Long enough for its toast to reach the toasts' widest, as wide as a phone allows.
const KEY_NAME = 'Payroll sync of the harbour office';
const WIDE = { width: 1366, height: 900 };
const sh = promisify(execFile);

/**
 * What a tap on the middle of what `locator` shows reaches: 'it', or the start of the element
 * lying over it. Polled for a few seconds (a closing dialog's backdrop fades out), far less than
 * the 10 s a toast stays.
 */
const expectTapReaches = (locator: Locator) =>
  expect
    .poll(
      () =>
        locator.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return element.contains(hit) ? 'it' : (hit?.outerHTML.slice(0, 120) ?? 'nothing');
        }),
      { timeout: 3_000 },
    )
    .toBe('it');

const serverAnswers = (page: Page) =>
  page.locator('[data-testid="chat-message"][data-sender="server"]');

describe('an administrator’s first hour, by clicking', () => {
  let mail: MailServers;
  let maria: MariaDbServer;
  let server: RunningServer;
  let shop: HostPage;
  let browser: BrowserSession;
  let page: Page;

  const menu = () => page.getByRole('navigation', { name: 'Main menu' });
  /** Opens a sidebar item, its group first when it sits in one that is closed. */
  async function fromSidebar(item: string, group?: string) {
    const link = menu().getByRole('link', { name: item, exact: true });
    if (group && !(await link.isVisible())) await menu().getByText(group, { exact: true }).click();
    await link.click();
  }
  /** Integrations in the sidebar, then one of its area cards. */
  async function integration(card: string) {
    await fromSidebar('Integrations');
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: card }).click();
  }
  async function askAssistant(question: string) {
    await fromSidebar('Knowledge assistant');
    await page.getByRole('heading', { level: 1, name: 'Knowledge assistant' }).waitFor();
    const before = await serverAnswers(page).count();
    await page.getByLabel('Your question').fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = serverAnswers(page).nth(before);
    await answer.waitFor();
    return answer;
  }

  beforeAll(async () => {
    // Everything the hour needs starts at once: the two cores are shared with other tests.
    [mail, maria, shop, browser] = await Promise.all([
      startMailServers(),
      startMariaDb(),
      serveHostPage('127.0.0.2'),
      launchBrowser(),
    ]);
    const root = await maria.admin();
    await root.query(`USE ${maria.database}; ${PACKAGES_DDL}; ${packagesInsert()}`);
    await root.end();
    // Mail and database servers listen on loopback, which integrations reach only when allowed;
    // the mailbox is synced with its Sync now button rather than on a timer.
    server = await startServer(mailAppEnv());
    // The clipboard permissions: the Copy buttons write there and the test reads it back.
    page = await browser.newPage({
      viewport: WIDE,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    // Ingestion and answering share two cores with the mail and database servers.
    page.setDefaultTimeout(30_000);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await shop?.close();
    await maria?.stop();
    await mail?.stop();
  });

  it('when the administrator signs in, then the dashboard card and the sidebar both lead to the knowledge assistant', async () => {
    await page.goto(server.url);
    await expectPath(page, '/login');
    await page.getByLabel('Email').fill(server.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPath(page, '/dashboard');

    await page.getByRole('main').getByRole('link', { name: 'Knowledge assistant' }).click();
    await expectPath(page, '/chat');
    await page.getByRole('heading', { level: 1, name: 'Knowledge assistant' }).waitFor();
    await fromSidebar('Dashboard');
    await expectPath(page, '/dashboard');
    await fromSidebar('Knowledge assistant');
    await expectPath(page, '/chat');
    await page.getByRole('heading', { level: 1, name: 'Knowledge assistant' }).waitFor();
  });

  it('when a manual is uploaded from the sidebar and is ready, then the assistant answers from it with its reference', async () => {
    await fromSidebar('Upload', 'Content');
    await page.getByRole('heading', { level: 1, name: 'Upload knowledge sources' }).waitFor();
    await page.getByLabel('Choose files').setInputFiles({
      name: HANDBOOK,
      mimeType: 'application/pdf',
      buffer: harbourHandbook,
    });
    await page.getByLabel('Department').selectOption({ label: 'General' });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page
      .getByTestId('upload-row')
      .filter({ hasText: HANDBOOK })
      .getByText('Success')
      .waitFor();
    await page.getByText('Uploaded: 1. Failed: 0.').waitFor();

    await page.getByRole('link', { name: 'Go to the repository' }).click();
    await page.getByRole('heading', { level: 1, name: 'Repository' }).waitFor();
    await page
      .getByTestId('document-row')
      .filter({ hasText: HANDBOOK })
      .getByTestId('document-status')
      .filter({ hasText: 'Ready' })
      .waitFor({ timeout: 60_000 });

    const answer = await askAssistant(HARBOUR_QUESTION);
    await answer.getByText(/07:15/).first().waitFor();
    const reference = answer.getByTestId('chat-reference').filter({ hasText: HANDBOOK });
    await expect(reference.first().innerText()).resolves.toContain('page 2');
  });

  it('when a chatbot is created and its copied snippet is pasted into the shop’s page, then a visitor there opens the launcher and gets the answer', async () => {
    await integration('Chatbots');
    await page.getByRole('link', { name: 'Add chatbot' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add chatbot' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(WIDGET);
    await page.getByRole('checkbox', { name: 'General' }).check();
    await page.getByLabel('Allowed hosts').fill(shop.host);
    await page.getByRole('button', { name: 'Create chatbot' }).click();
    await page.getByRole('heading', { level: 1, name: `Chatbot ${WIDGET}` }).waitFor();

    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await page.getByText('Copied.', { exact: true }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe((await page.getByTestId('embed-snippet').innerText()).trim());
    expect(copied).toContain(`<script src="${server.url}/widget.js"`);
    shop.body = copied;

    // The customer's website, in a browser of its own.
    const visitor = await browser.newPage({ viewport: WIDE });
    try {
      await visitor.goto(`${shop.origin}/`);
      await visitor.getByRole('heading', { name: 'Harbour shop' }).waitFor();
      await visitor.getByRole('button', { name: 'Chat' }).click();
      const frame = visitor.frameLocator('atrium-chat-widget iframe');
      await frame.getByRole('heading', { level: 1, name: WIDGET }).waitFor();
      await frame.getByLabel('Your question').fill(HARBOUR_QUESTION);
      await frame.getByRole('button', { name: 'Send' }).click();
      const answer = frame.locator('[data-testid="chat-message"][data-sender="server"]').first();
      await answer.getByText(/07:15/).first().waitFor();
      await answer.getByTestId('chat-reference').filter({ hasText: HANDBOOK }).first().waitFor();
    } finally {
      await visitor.close();
    }
  });

  it('when a mailbox is connected through the form and a customer writes to it, then the drafted reply is approved and reaches the customer', async () => {
    const box = mailUser(mail, 'desk');
    const customer = mailUser(mail, 'skipper');
    await integration('Email agents');
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
    await page.getByLabel('Password').fill(box.password);
    // The departments whose knowledge the replies draw on.
    await page.getByLabel('General').check();
    await page.getByRole('button', { name: 'Add account' }).click();
    await page.getByRole('heading', { level: 1, name: box.address }).waitFor();

    const asked = await sendAs(mail, customer, {
      to: box.address,
      subject: 'Harbour office',
      text: HARBOUR_QUESTION,
    });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('1 new message(s) stored.').waitFor();
    await page.getByRole('link', { name: 'Drafts' }).click();
    const draft = page.getByTestId('mail-draft').filter({ hasText: 'Harbour office' });
    await draft.getByText(HANDBOOK).first().waitFor();
    const body = draft.getByRole('textbox', { name: 'Message', exact: true });
    expect(await body.inputValue()).toContain('07:15');
    await draft.getByRole('button', { name: 'Approve and send' }).click();
    await page.getByText(`The reply to ${customer.address} was sent.`).waitFor();

    const [reply] = await waitForMail(mail, customer, 1);
    expect(reply?.subject).toBe('Re: Harbour office');
    expect(reply?.inReplyTo).toBe(asked.messageId);
    expect(reply?.text).toContain('07:15');
  });

  it('when a MariaDB source is connected through the form, then asking the chat for a total by section shows a chart of the sum', async () => {
    await integration('Database integration');
    await page.getByRole('link', { name: 'Add database source' }).click();
    await page.getByLabel('Name', { exact: true }).fill(SOURCE);
    await page.getByLabel('Database type', { exact: true }).selectOption('mysql');
    await page.getByLabel('Host', { exact: true }).fill(maria.host);
    await page.getByLabel('Port', { exact: true }).fill(String(maria.port));
    await page.getByLabel('Database name', { exact: true }).fill(maria.database);
    await page.getByLabel('User name', { exact: true }).fill(maria.reader.username);
    await page.getByLabel('Password', { exact: true }).fill(maria.reader.password);
    await page.getByLabel('Department', { exact: true }).selectOption({ label: 'General' });
    await page.getByRole('button', { name: 'Add database source' }).click();
    await page.getByText('Tables: 1').waitFor();

    const answer = await askAssistant('Show the total installed size by section');
    const chart = answer.getByRole('img', { name: /sum_installed_size_kb/ });
    await chart.waitFor();
    await expect
      .poll(() => chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(answer.getByTestId('chart-summary').innerText()).resolves.toBe(
      `Sum of installed size kb by section, from ${SOURCE}`,
    );
  });

  it('when an API key is created and the curl command the page shows is run, then the API answers 200', async () => {
    await integration('API integration');
    await page.getByRole('heading', { level: 1, name: 'API access' }).waitFor();
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name', { exact: true }).fill(KEY_NAME);
    await dialog.getByRole('checkbox', { name: 'General' }).check();
    await dialog.getByRole('checkbox', { name: 'Users: List' }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.getByRole('button', { name: 'Copy the curl command' }).click();
    await shown.getByText('Copied to the clipboard.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await shown.getByTestId('api-curl').innerText());
    // Run as a person runs it in a terminal, with the status printed after the body.
    const { stdout } = await sh('sh', [
      '-c',
      `${copied} --silent --show-error -w '\n%{http_code}'`,
    ]);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.pop()).toBe('200');
    expect(JSON.parse(lines.join('\n'))).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ email: server.admin.email })]),
    });
    await shown.getByRole('button', { name: 'Done' }).click();
    await page
      .getByTestId('api-key-row')
      .filter({ hasText: KEY_NAME })
      .getByText('Active')
      .waitFor();
  });

  it('when the administrator on a 390 px phone revokes the key, then its toast hides neither the menu toggle nor the open menu, and the sidebar and the dashboard card lead to the assistant', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: `Revoke ${KEY_NAME}` }).click();
    await page
      .getByRole('dialog', { name: 'Revoke API key' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    // The toast shows for 10 s at the top right, over the header: the header's toggle stays
    // free, and the menu it opens lies over the toast.
    const toast = page.getByRole('status').filter({ hasText: `The key ${KEY_NAME} was revoked.` });
    await toast.waitFor();
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await expectTapReaches(toggle);
    expect(await toast.isVisible()).toBe(true);
    await toggle.click();
    const dashboard = menu().getByRole('link', { name: 'Dashboard', exact: true });
    await expect
      .poll(() => dashboard.evaluate((a) => a.getBoundingClientRect().left >= 0))
      .toBe(true);
    await expectTapReaches(page.getByRole('button', { name: 'Close sidebar' }));
    await expectTapReaches(dashboard);
    expect(await toast.isVisible()).toBe(true);

    // The sidebar slides away once a link in it is tapped; a person taps the toggle again once
    // it has gone (a tap while it still slides is lost: the store learns of it at its end).
    const fromDrawer = async (item: string) => {
      const link = menu().getByRole('link', { name: item, exact: true });
      await link.click();
      await expect
        .poll(() => link.evaluate((a) => a.getBoundingClientRect().right <= 0))
        .toBe(true);
    };
    await fromDrawer('Knowledge assistant');
    await expectPath(page, '/chat');
    await page.getByRole('heading', { level: 1, name: 'Knowledge assistant' }).waitFor();
    await toggle.click();
    await fromDrawer('Dashboard');
    await expectPath(page, '/dashboard');
    await page.getByRole('main').getByRole('link', { name: 'Knowledge assistant' }).click();
    await expectPath(page, '/chat');
    await page.getByRole('heading', { level: 1, name: 'Knowledge assistant' }).waitFor();
  });
});

/**
 * Issue 17 as people do it. The administrator connects a helpdesk site through the screens and
 * copies its signing secret, shown once. Pressing Helpdesk in the sidebar opens a new tab that
 * lands on the helpdesk site with a single-use token — not the session token — which the site
 * exchanges for who the person is; the same token a second time is refused. An agent (role_id 3)
 * signing in lands on the site as an agent, and a conversation asking for a human shows its
 * ticket, which reaches the site's webhook.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createVerifiedTrialUser } from './support/accounts';
import { signIn } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startFakeHelpdesk, type FakeHelpdesk } from './support/fake-helpdesk';
import { api, startServer, type RunningServer } from './support/server';

describe('helpdesk', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let site: FakeHelpdesk;
  let admin: Page;

  beforeAll(async () => {
    // The fake helpdesk is on loopback, which webhooks may reach only when allowed.
    server = await startServer({ URL_FETCH_ALLOW: '127.0.0.1' });
    site = await startFakeHelpdesk(server);
    browser = await launchBrowser();
    admin = await browser.newPage();
    await signIn(admin, server.url, server.admin.email, server.admin.password);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
  });

  it('when the administrator adds a helpdesk, then its secret is shown once and it is listed', async () => {
    await admin.goto(`${server.url}/integration/helpdesk`);
    await admin.getByRole('link', { name: 'Add helpdesk' }).click();
    await admin.waitForURL('**/integration/helpdesk/add-helpdesk');
    await admin.getByLabel('Name').fill('Harbour service desk');
    await admin.getByLabel('Helpdesk site address').fill(site.url);
    await admin.getByLabel('General').check();
    await admin.getByRole('button', { name: 'Add helpdesk' }).click();
    const secret = (await admin.getByTestId('helpdesk-secret').innerText()).trim();
    expect(secret).toMatch(/^hds_\d+\.[\w-]{43}$/);
    site.secret = secret;
    await admin.getByRole('link', { name: 'I have copied it' }).click();
    const row = admin.getByTestId('helpdesk-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Harbour service desk');
    expect(await admin.content()).not.toContain(secret);
  });

  it('when Helpdesk is pressed in the sidebar, then the site opens with a single-use token and knows who it is', async () => {
    const [tab] = await Promise.all([
      admin.context().waitForEvent('page'),
      admin.getByRole('button', { name: 'Helpdesk', exact: true }).click(),
    ]);
    await tab.waitForURL((u) => u.href.startsWith(`${site.url}/auth/callback`));
    expect(await tab.getByTestId('who').innerText()).toBe(`${server.admin.email} as viewer`);
    expect(await tab.getByTestId('second').innerText()).toBe('401');
    const sessionToken = (await admin.context().cookies()).find((c) => c.name === 'token')?.value;
    expect(site.tokens).toHaveLength(1);
    expect(site.tokens[0]).toMatch(/^[\w-]{43}$/);
    expect(site.tokens[0]).not.toBe(sessionToken);
    await tab.close();
  });

  it('when an agent (role_id 3) signs in, then they land on the helpdesk site as an agent', async () => {
    const agent = { username: 'pier.agent', email: 'agent@e2e.test', password: 'Agent-Pass-123' };
    await createVerifiedTrialUser(server, agent);
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    const added = await api(server, 'POST', '/helpdesk/agents', {
      token,
      body: { email: agent.email, department_id: 1 },
    });
    expect(added.status).toBe(201);
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(agent.email);
    await page.getByLabel('Password', { exact: true }).fill(agent.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${site.url}/auth/callback`));
    expect(await page.getByTestId('who').innerText()).toBe(`${agent.email} as agent`);
    await page.close();
  });

  it('when the person asks the assistant for a human, then a person will follow up, the conversation shows its ticket and, once the helpdesk receives it, says so', async () => {
    await admin.goto(`${server.url}/chat`);
    await admin.getByLabel('Your question').fill('Can I talk to a human please?');
    await admin.getByRole('button', { name: 'Send' }).click();
    const notice = admin.getByTestId('conversation-ticket');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/handed to the helpdesk as ticket #\d+/);
    await expect.poll(() => site.tickets.length, { timeout: 10_000 }).toBe(1);
    expect(JSON.parse(site.tickets[0])).toMatchObject({
      event: 'ticket.created',
      ticket: { reason: 'asked_for_person', channel: 'console', language: 'en' },
      contact: { email: server.admin.email },
    });
    // The assistant says a person will follow up (not that the documents had nothing), and the
    // notice follows the delivery: the helpdesk has it, since when.
    await admin
      .getByText('I am passing this conversation to a person from our team', { exact: false })
      .waitFor();
    await admin
      .getByTestId('conversation-ticket-delivery')
      .getByText(/^The helpdesk received it on \d/)
      .waitFor({ timeout: 15_000 });
  });
});

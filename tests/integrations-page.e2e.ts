/**
 * The Integrations page as people with different rights meet it: each area says what it is for
 * and opens its list; an area the person may not open stays, dimmed, naming the right that opens
 * it. Read in Arabic and dark on a phone, and checked by axe.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRights } from './support/accounts';
import { signIn } from './support/actions';
import { seriousViolations } from './support/axe';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const mailOnly = {
  username: 'mail.agent',
  email: 'mail.agent@e2e.test',
  password: 'Mail-Pass-123',
};

const AREAS: [key: string, title: string, path: string, words: string][] = [
  ['serviceAgents', 'Chatbots', '/integration/chatbot', 'Chat widgets answer visitors'],
  ['emailAgents', 'Email agents', '/integration/email-integration', 'connect a mailbox'],
  ['helpdeskIntegration', 'Helpdesk integration', '/integration/helpdesk', 'as tickets'],
  ['databases', 'Database integration', '/integration/database-integration', 'read-only'],
  ['apiIntegration', 'API integration', '/integration/api-integration', 'Create API keys'],
];

const card = (page: Page, key: string) =>
  page.locator(`[data-testid="integration-card"][data-area="${key}"]`);

describe('the Integrations page', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await createUserWithRights(server, mailOnly, {
      name: 'Mail agents only',
      rights: ['Email_agent.LIST_VIEW', 'Email_agent.VIEW'],
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when the administrator opens it from the menu, then every area says what it is for and opens its list', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Integrations' })
      .click();
    await page.waitForURL((u) => u.pathname === '/integration');
    for (const [key, title, path, words] of AREAS) {
      await expect(card(page, key).innerText()).resolves.toContain(words);
      expect(await card(page, key).getByRole('link', { name: title }).getAttribute('href')).toBe(
        path,
      );
    }
    await page.getByRole('link', { name: 'Helpdesk integration' }).click();
    await page.waitForURL((u) => u.pathname === '/integration/helpdesk');
  });

  it('when someone with mail rights only opens it, then the other areas stay dimmed and name the right that opens them', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await signIn(page, server.url, mailOnly.email, mailOnly.password);
    await page.goto(`${server.url}/integration`);
    await card(page, 'emailAgents').getByRole('link', { name: 'Email agents' }).waitFor();
    await expect(card(page, 'apiIntegration').getByRole('link').count()).resolves.toBe(1);
    for (const [key, right] of [
      ['serviceAgents', 'Service agent · List'],
      ['helpdeskIntegration', 'Helpdesk · List'],
      ['databases', 'Documents · List or Documents · View'],
    ]) {
      expect(await card(page, key).getByRole('link').count()).toBe(0);
      expect(await card(page, key).locator('.card').getAttribute('aria-disabled')).toBe('true');
      await expect(card(page, key).innerText()).resolves.toContain(
        `Opens with the right ${right}; ask an administrator.`,
      );
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('when it is read in Arabic and dark on a phone, then each area is described in Arabic and nothing runs off the screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    await signIn(page, server.url, mailOnly.email, mailOnly.password);
    await page.goto(`${server.url}/integration?lng=ar&theme=dark`);
    await card(page, 'emailAgents').getByRole('link').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.body.classList.contains('dark'))).toBe(true);
    await expect(card(page, 'emailAgents').innerText()).resolves.toContain('صندوق بريد');
    await expect(card(page, 'helpdeskIntegration').innerText()).resolves.toContain(
      'مكتب المساعدة · عرض القائمة',
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

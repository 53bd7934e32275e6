import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/actions';
import { seriousViolations } from './support/axe';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe('accessibility', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when axe checks /login and /signup, then it finds no serious or critical violation', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    for (const path of ['/login', '/signup']) {
      await page.goto(`${server.url}${path}`);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.close();
  });

  it('when axe checks /dashboard and /profile signed in, then it finds no serious or critical violation', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    for (const path of ['/dashboard', '/profile']) {
      await page.goto(`${server.url}${path}`);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.close();
  });

  it('when the user navigates, then focus moves to the new page heading', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await page.waitForURL((u) => u.pathname === '/profile');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await page.close();
  });
});

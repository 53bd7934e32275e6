/**
 * An administrator who has not connected a helpdesk presses Helpdesk in the sidebar: the new tab
 * says what to set up and where, its link leads there, and the browser console stays free of the
 * 404 the hand-off used to answer. Someone whose helpdesk right is held in one department only,
 * with no helpdesk there, is told whom to ask, again without a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRights } from './support/accounts';
import { signIn } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe('helpdesk not set up yet', () => {
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

  it('when someone holding the helpdesk right in one department only opens Helpdesk with none serving them, then they are asked to turn to their administrator and nothing fails in the console', async () => {
    const who = { username: 'quay.clerk', email: 'quay.clerk@e2e.test', password: 'Quay-Clerk-42' };
    await createUserWithRights(server, who, {
      name: 'Helpdesk readers',
      rights: ['Helpdesk.LIST_VIEW'],
    });
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.context().on('console', (m) => {
      if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
    });
    await signIn(page, server.url, who.email, who.password);
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('button', { name: 'Helpdesk', exact: true })
        .click(),
    ]);
    const notice = tab.getByTestId('helpdesk-unavailable');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Please ask your administrator to connect one.');
    await tab.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await tab.close();
    await page.close();
  });

  for (const width of [1366, 390])
    it(`when the administrator opens Helpdesk with none connected (${width} px), then the new tab says what to set up and its link leads there`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      const errors: string[] = [];
      page.context().on('console', (m) => {
        if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
      });
      page.context().on('weberror', (e) => errors.push(e.error().message));
      await signIn(page, server.url, server.admin.email, server.admin.password);
      if (width < 992) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      const [tab] = await Promise.all([
        page.context().waitForEvent('page'),
        page
          .getByRole('navigation', { name: 'Main menu' })
          .getByRole('button', { name: 'Helpdesk', exact: true })
          .click(),
      ]);
      const notice = tab.getByTestId('helpdesk-unavailable');
      await notice.waitFor();
      expect(await notice.innerText()).toContain('No helpdesk serves your departments yet.');
      expect(await notice.innerText()).toContain(
        'Connect your helpdesk site under Integrations › Helpdesk integration',
      );
      expect(await notice.innerText()).not.toMatch(/ask your administrator/i);

      await notice.getByRole('link', { name: 'Open Integrations › Helpdesk integration' }).click();
      await tab.waitForURL((u) => u.pathname === '/integration/helpdesk');
      await tab.getByRole('link', { name: 'Add helpdesk' }).click();
      await tab.waitForURL((u) => u.pathname === '/integration/helpdesk/add-helpdesk');
      await tab.getByLabel('Helpdesk site address').waitFor();
      await tab.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      await tab.close();
      await page.close();
    });
});

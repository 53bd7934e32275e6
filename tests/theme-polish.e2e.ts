/**
 * What a tester saw on the console's frame and lists, in Chromium, at a laptop's and a phone's
 * width, in both themes: the sidebar follows the theme and reads well, outline buttons read well
 * on the dark background.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './support/accounts';
import { signIn } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { belowAA, textContrasts } from './support/contrast';
import { api, startServer, type RunningServer } from './support/server';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const THEMES = ['light', 'dark'] as const;

/** The relative luminance (WCAG) of a computed CSS colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

describe('the console’s frame in either theme', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    // A department that may be deleted, so the list shows its outline Delete buttons.
    const created = await api(server, 'POST', '/departments', {
      token,
      body: { name: 'Ocean freight' },
    });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Signed in, on `path`, in this theme and size; the phone's menu opened when asked. */
  async function open(
    path: string,
    theme: (typeof THEMES)[number],
    viewport: { width: number; height: number },
    options: { menu?: boolean; lng?: string } = {},
  ): Promise<Page> {
    const page = await browser.newPage({ viewport });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}${path}?theme=${theme}&lng=${options.lng ?? 'en'}`);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    if (options.menu) {
      await page.locator('.header-toggler').click();
      await page.locator('.sidebar.show').waitFor();
      await page.waitForTimeout(400); // the drawer's slide
    }
    return page;
  }

  it('when the console is light, then its sidebar is light as well, and dark when it is dark, and every entry of it, the active one included, reads at 4.5:1 or more', async () => {
    for (const theme of THEMES) {
      for (const viewport of [LAPTOP, PHONE]) {
        for (const lng of ['en', 'ar']) {
          const page = await open('/department', theme, viewport, {
            menu: viewport === PHONE,
            lng,
          });
          const where = `${theme}, ${viewport.width} px, ${lng}`;
          const sidebar = page.locator('.sidebar').first();
          const sidebarLight = luminance(
            await sidebar.evaluate((el) => getComputedStyle(el).backgroundColor),
          );
          const pageLight = luminance(
            await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
          );
          if (theme === 'light') expect(sidebarLight, where).toBeGreaterThan(0.8);
          else expect(sidebarLight, where).toBeLessThan(0.1);
          expect(Math.abs(sidebarLight - pageLight), where).toBeLessThan(0.1);
          // The active entry is the page's own, and stands out from the others.
          await sidebar.locator('.nav-link.active').waitFor();
          const texts = await page.evaluate(textContrasts, '.sidebar');
          expect(belowAA(texts), where).toEqual([]);
          expect(texts.length, where).toBeGreaterThan(8);
          await page.close();
        }
      }
    }
  });

  it('when the console is dark, then the outline Edit and Delete buttons read at 4.5:1 or more, at rest and under the pointer', async () => {
    for (const viewport of [LAPTOP, PHONE]) {
      const page = await open('/department', 'dark', viewport);
      const row = page.getByRole('row').filter({ hasText: 'Ocean freight' });
      const remove = row.getByRole('button', { name: /Delete/ });
      await remove.waitFor();
      const texts = await page.evaluate(textContrasts, 'main .btn');
      expect(belowAA(texts), `${viewport.width} px`).toEqual([]);
      expect(texts.map((t) => t.text)).toEqual(expect.arrayContaining(['Edit', 'Delete']));
      await remove.scrollIntoViewIfNeeded();
      await remove.hover();
      await page.waitForTimeout(300); // the button's colour transition
      const hovered = await page.evaluate(textContrasts, 'main .btn');
      expect(belowAA(hovered), `${viewport.width} px, Delete under the pointer`).toEqual([]);
      await page.close();
    }
  });
});

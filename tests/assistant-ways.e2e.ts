/**
 * The knowledge assistant as a person finds it: someone whose only right is Query.QUERY_DOCUMENT
 * signs in and reaches it from the dashboard's card and from the sidebar (behind its toggle at
 * 390 px), in English, French and Arabic; a new chat leaves the browser console free of errors;
 * and the dashboard does not move when its live figures arrive late.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRights } from './support/accounts';
import { expectPath, signIn } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

type Texts = Record<string, unknown>;
const locale = (lng: string, ns: string) =>
  JSON.parse(readFileSync(`public/locales/${lng}/${ns}.json`, 'utf8')) as Texts;

/** The words a person reads in `lng`: the menu's, the dashboard card's and the chat's. */
function wordsOf(lng: string) {
  const nav = locale(lng, 'nav') as Record<string, string>;
  const chat = locale(lng, 'chat') as Record<string, string>;
  return {
    assistant: nav.assistant,
    mainMenu: nav.mainMenu,
    toggleSidebar: nav.toggleSidebar,
    chatTitle: chat.title,
  };
}

const reader = {
  username: 'quay.reader',
  email: 'quay.reader@e2e.test',
  password: 'Quay-Reader-42',
};

/** Signs in through the form in `lng`, by field type (the labels are in that language). */
async function signInIn(page: Page, url: string, lng: string, theme: string) {
  await page.goto(`${url}/login?lng=${lng}&theme=${theme}`);
  await page.locator('input[type=email]').fill(reader.email);
  await page.locator('input[type=password]').first().fill(reader.password);
  await page.locator('button[type=submit]').click();
  await expectPath(page, '/dashboard');
}

/** Collects what the browser console reports as errors, and uncaught exceptions. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

describe('finding the knowledge assistant', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    await createUserWithRights(server, reader, {
      name: 'Question asker',
      rights: ['Query.QUERY_DOCUMENT'],
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const { lng, width, theme } of [
    { lng: 'en', width: 1366, theme: 'light' },
    { lng: 'fr', width: 390, theme: 'light' },
    { lng: 'ar', width: 390, theme: 'dark' },
  ])
    it(`when someone who may only query signs in (${lng}, ${width} px, ${theme}), then the dashboard card and the sidebar both lead to the assistant`, async () => {
      const words = wordsOf(lng);
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      await signInIn(page, server.url, lng, theme);

      const card = page.getByRole('main').getByRole('link', { name: words.assistant });
      await card.click();
      await expectPath(page, '/chat');
      await page.getByRole('heading', { level: 1, name: words.chatTitle }).waitFor();

      await page.goBack();
      await expectPath(page, '/dashboard');
      const menu = page.getByRole('navigation', { name: words.mainMenu });
      // Narrow screens keep the sidebar behind the header's toggle.
      if (width < 992) await page.getByRole('button', { name: words.toggleSidebar }).click();
      // Dashboard, the assistant and Profile: nothing their right does not open.
      await menu.getByRole('link', { name: words.assistant }).waitFor({ state: 'visible' });
      expect(await menu.locator('.nav-link').count()).toBe(3);
      await menu.getByRole('link', { name: words.assistant }).click();
      await expectPath(page, '/chat');
      await page.getByRole('heading', { level: 1, name: words.chatTitle }).waitFor();
      await page.close();
    });

  it('when a new chat is asked questions, then the browser console shows no error', async () => {
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    await signIn(page, server.url, reader.email, reader.password);
    await page.goto(`${server.url}/chat`);
    const settled = () => page.getByRole('button', { name: 'Send' }).waitFor();
    const answers = page.locator('[data-testid="chat-message"][data-sender="server"]');
    for (const question of ['When does the harbour office open?', 'Where do I park?']) {
      await page.getByLabel('Your question').fill(question);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => answers.count()).toBe(1);
      await settled();
      await page.getByRole('button', { name: 'New chat' }).click();
      await expect.poll(() => answers.count()).toBe(0);
    }
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the dashboard while its live figures load', () => {
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

  it('when the administrator’s live figures arrive late, then nothing on the dashboard moves (390 px)', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    // A slow phone: the screen's code arrives well after the first paint (as on a busy CI).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
    // Each shift is kept with what moved, so a failure names the element instead of a number.
    await page.addInitScript(() => {
      const shifts: { value: number; moved: string[] }[] = [];
      Object.assign(window, { layoutShifts: shifts });
      const describe = (node: Node | null) =>
        node instanceof Element
          ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')} "${(node.textContent ?? '').slice(0, 40)}"`
          : String(node?.nodeName);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as PerformanceEntry & {
            value: number;
            sources?: { node: Node | null }[];
          };
          shifts.push({
            value: shift.value,
            moved: (shift.sources ?? []).map((s) => describe(s.node)),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.route('**/api/reports/dashboard', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto(`${server.url}/dashboard`);
    const card = page.getByRole('main').getByRole('link', { name: 'Knowledge assistant' });
    await card.waitFor();
    const before = await card.boundingBox();
    const figures = page.getByTestId('live-figures');
    expect(await figures.getAttribute('aria-busy')).toBe('true');
    await expect.poll(() => figures.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
    await figures.getByText('Conversations today').waitFor();
    expect(await card.boundingBox()).toEqual(before);
    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: unknown[] }).layoutShifts,
    );
    expect(shifts).toEqual([]);
    await page.close();
  });
});

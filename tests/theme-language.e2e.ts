import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe('theme and language', () => {
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

  it('when ?theme=dark is given, then the page is dark and stays dark after a reload', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login?theme=dark`);
    await heading(page);
    expect(await page.evaluate(() => document.body.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.coreuiTheme)).toBe('dark');
    await page.goto(`${server.url}/login`);
    await heading(page);
    expect(await page.evaluate(() => document.body.classList.contains('dark'))).toBe(true);
    await page.close();
  });

  it('when ?theme carries anything after its leading letters, then only that leading run is used', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login?theme=${encodeURIComponent('dark"><script>')}`);
    await heading(page);
    expect(await page.evaluate(() => document.body.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.close();
  });

  it('when ?lng=es is given, then the sign-in screen is in Spanish and the choice is remembered', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login?lng=es`);
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.close();
  });

  it('when ?lng=ar is given, then the page is Arabic and laid out right to left, menu included', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login?lng=ar`);
    await heading(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The labels are Arabic now; sign in by field type.
    await page.locator('input[type=email]').fill(server.admin.email);
    await page.locator('input[type=password]').first().fill(server.admin.password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const sidebar = page.locator('.sidebar').first();
    await sidebar.waitFor();
    const box = await sidebar.boundingBox();
    const width = await page.evaluate(() => window.innerWidth);
    expect(box && box.x + box.width).toBeGreaterThan(width - 5);

    // A select's caret sits at its left end, clear of the chosen text on the right.
    await page.goto(`${server.url}/users`);
    const select = page.locator('select.form-select').first();
    await select.waitFor();
    const caret = await select.evaluate((el) => getComputedStyle(el).backgroundPositionX);
    // Measured from the left edge ("12px"); in LTR it is "calc(100% - 12px)".
    expect(caret.split(',')[0].trim()).toBe('12px');
    await page.close();
  });
});

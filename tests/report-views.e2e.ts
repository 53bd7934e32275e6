/**
 * What a report shows, keeps and exports, as a person meets it: the peak hours beside the heat
 * map name its busiest hour; the sentiment page's filters live in the address (reload, back,
 * forward and a shared link open the same view) and a sentiment filter counts the conversations
 * the unfiltered page counts; an export holds only the sections picked in its dialog and states
 * its filters; and the filter bars cut no control or label in English or German, on a phone
 * and on a laptop.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/actions';
import { seriousViolations } from './support/axe';
import { launchBrowser, type BrowserSession } from './support/browser';
import { figure, poll, seedReports } from './support/reports';
import { startServer, type RunningServer } from './support/server';

/** Controls and labels of the filter bar whose text does not fit their box, or the screen. */
function cutFilters(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('[role="group"].report-filters');
    if (!bar) return ['no filter bar'];
    const cut: string[] = [];
    const width = (text: string, like: Element) => {
      const probe = document.createElement('span');
      const style = getComputedStyle(like);
      probe.style.font = style.font;
      probe.style.letterSpacing = style.letterSpacing;
      probe.style.whiteSpace = 'pre';
      probe.style.position = 'absolute';
      probe.textContent = text;
      document.body.append(probe);
      const w = probe.getBoundingClientRect().width;
      probe.remove();
      return w;
    };
    const room = (el: HTMLElement) => {
      const style = getComputedStyle(el);
      return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    };
    const screen = document.documentElement.clientWidth;
    for (const el of bar.querySelectorAll<HTMLElement>('label, select, input')) {
      const name = `${el.tagName.toLowerCase()} ${el.id || el.textContent?.trim()}`;
      if (el.scrollWidth > el.clientWidth + 1) cut.push(`${name}: scrolls`);
      const box = el.getBoundingClientRect();
      if (box.left < -0.5 || box.right > screen + 0.5) cut.push(`${name}: off the screen`);
      if (el instanceof HTMLSelectElement)
        for (const option of el.options)
          if (width(option.text, el) > room(el) + 0.5) cut.push(`${name}: "${option.text}" cut`);
      if (el instanceof HTMLInputElement && el.type === 'text') {
        const text = el.value || el.placeholder;
        if (width(text, el) > room(el) + 0.5) cut.push(`${name}: "${text}" cut`);
      }
      if (el instanceof HTMLLabelElement) {
        const line = parseFloat(getComputedStyle(el).lineHeight) || 24;
        if (box.height > line * 1.5) cut.push(`${name}: wraps`);
      }
    }
    return cut;
  });
}

describe('report views', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    await seedReports(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const admin = async (options?: Parameters<BrowserSession['newPage']>[0]) => {
    const page = await browser.newPage(options);
    await signIn(page, server.url, server.admin.email, server.admin.password);
    return page;
  };

  it('when the heat map shows a busiest hour, then the peak hours beside it name that hour, not "—"', async () => {
    const page = await admin();
    await page.goto(`${server.url}/analytics`);
    await poll(() => figure(page, 'totalConversations').innerText()).toBe('3');
    // The busiest cell of the grid, read as a person reads its tooltip: "Sat 3:00 PM — 3 questions".
    const busiest = await page.locator('.peak-grid tbody tr').evaluateAll((rows) => {
      let best = { count: 0, day: '', title: '' };
      for (const row of rows) {
        const day = row.querySelector('th')?.textContent ?? '';
        for (const cell of row.querySelectorAll('td')) {
          const count = Number(cell.textContent || 0);
          if (count > best.count) best = { count, day, title: cell.getAttribute('title') ?? '' };
        }
      }
      return best;
    });
    expect(busiest.count).toBeGreaterThan(0);
    const hour = busiest.title.slice(busiest.day.length + 1, busiest.title.indexOf(' — '));
    const peak = await page.getByTestId('peak-hours').innerText();
    expect(peak).not.toContain('—');
    expect(peak).toContain(hour);
    expect(await page.getByTestId('peak-busiest').innerText()).toContain(hour);
    await page.close();
  });

  it('when sentiment filters are chosen, then the address keeps them through reload, back and forward, a shared link opens the same view, and the negative count matches the unfiltered one', async () => {
    const page = await admin();
    await page.goto(`${server.url}/sentiment-analytics`);
    await poll(() => figure(page, 'conversations').innerText()).toBe('3');
    const negative = await figure(page, 'negative').innerText();
    await page.getByLabel('Group by').selectOption({ label: 'Week' });
    await page.getByLabel('Sentiment', { exact: true }).selectOption({ label: 'Negative' });
    const address = () => Object.fromEntries(new URL(page.url()).searchParams);
    await page.getByLabel('Products').fill('Harbour Box');
    await poll(address).toMatchObject({ products: 'Harbour Box' });
    await page.getByLabel('Products').fill('');
    await poll(address).toEqual(expect.objectContaining({ group: 'week', sentiment: 'negative' }));
    await poll(() => address().products).toBeUndefined();
    // Filtered to Negative, the negative conversations are those the unfiltered page counted.
    await poll(() => figure(page, 'negative').innerText()).toBe(negative);
    expect(await figure(page, 'conversations').innerText()).toBe(negative);
    expect(await figure(page, 'positive').innerText()).toBe('0');
    const view = async () => [
      await page.getByLabel('Group by').inputValue(),
      await page.getByLabel('Sentiment', { exact: true }).inputValue(),
      await figure(page, 'conversations').innerText(),
    ];
    const filtered = ['week', 'negative', negative];

    await page.reload();
    await poll(view).toEqual(filtered);
    // Away to the dashboard and back.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.goBack();
    await poll(view).toEqual(filtered);
    // The menu's link opens the page unfiltered; back brings the filters again, forward not.
    await page.getByRole('link', { name: 'Sentiment', exact: true }).first().click();
    await poll(view).toEqual(['day', '', '3']);
    await page.goBack();
    await poll(view).toEqual(filtered);
    await page.goForward();
    await poll(view).toEqual(['day', '', '3']);
    await page.goBack();
    await poll(view).toEqual(filtered);

    // A colleague opens the shared link.
    const shared = page.url();
    const other = await admin();
    await other.goto(shared);
    await poll(() => figure(other, 'conversations').innerText()).toBe(negative);
    expect(await other.getByLabel('Group by').inputValue()).toBe('week');
    expect(await other.getByLabel('Sentiment', { exact: true }).inputValue()).toBe('negative');
    await other.close();
    await page.close();
  });

  it('when the reader picks sections in the export dialog, then the file holds only those, states its filters, and the choice is kept for the session', async () => {
    const page = await admin({ bypassCSP: true });
    await page.goto(`${server.url}/analytics`);
    await poll(() => figure(page, 'totalConversations').innerText()).toBe('3');
    const exportAs = async (format: string) => {
      await page.getByRole('button', { name: 'Export' }).click();
      const dialog = page.getByRole('dialog');
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: format }).click(),
      ]);
      return readFile(await file.path());
    };
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog');
    for (const name of [
      'Peak hours (UTC)',
      'Response time: peak versus normal hours',
      'What people ask about',
    ])
      await dialog.getByLabel(name).uncheck();
    // The dialog reads well for everyone: labelled checkboxes, a named dialog, enough contrast.
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const rows: string[][] = parse(await exportAs('CSV (comma-separated)'), {
      bom: true,
      relax_column_count: true,
    });
    expect(rows).toContainEqual(['Sections', 'Overview, Customer satisfaction']);
    expect(rows).toContainEqual(['Channel', 'All channels']);
    expect(rows).toContainEqual(['Total conversations', '3']);
    expect(rows).toContainEqual(['Total responses', '3']);
    const titles = rows.filter((r) => r.length === 1).map((r) => r[0]);
    expect(titles).toEqual(['', 'Overview', '', 'Customer satisfaction']);

    // Kept for the session: after a reload the dialog still has them unticked.
    await page.reload();
    await poll(() => figure(page, 'totalConversations').innerText()).toBe('3');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exportAs('Excel workbook')) as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'About this report',
      'Overview',
      'Customer satisfaction',
    ]);
    await page.getByRole('button', { name: 'Export' }).click();
    expect(await dialog.getByLabel('Peak hours (UTC)').isChecked()).toBe(false);
    expect(await dialog.getByLabel('Overview').isChecked()).toBe(true);
    await page.close();
  });

  it(
    'when the filter bars are laid out in each console language on a phone and a laptop, then no control or label is cut',
    { timeout: 120_000 },
    async () => {
      const page = await admin();
      for (const lng of ['en', 'de', 'fr', 'es', 'ar']) {
        await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);
        for (const path of ['/analytics', '/sentiment-analytics']) {
          await page.goto(`${server.url}${path}`);
          await page.locator('#report-department option').nth(1).waitFor({ state: 'attached' });
          for (const viewport of [
            { width: 390, height: 844 },
            { width: 1366, height: 768 },
          ]) {
            // Measured once the layout has settled (the sidebar slides away on a phone).
            await page.setViewportSize(viewport);
            await expect
              .poll(() => cutFilters(page), { message: `${lng} ${viewport.width} ${path}` })
              .toEqual([]);
          }
        }
      }
      // The measure finds a cut: squeezed, German's "Alle Abteilungen" no longer fits.
      await page.evaluate(() => localStorage.setItem('i18nextLng', 'de'));
      await page.reload();
      await page.locator('#report-department option').nth(1).waitFor({ state: 'attached' });
      await page
        .locator('#report-department')
        .evaluate((el) => el.setAttribute('style', 'width: 4rem; min-width: 0'));
      expect((await cutFilters(page)).join()).toContain('Alle Abteilungen');
      await page.close();
    },
  );
});

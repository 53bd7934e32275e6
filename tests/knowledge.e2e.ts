/**
 * Issue 5 as a person does it: upload three files of different types and watch them reach
 * Success, see them become ready in the repository, move one to the recycle bin and back, delete
 * another for good; add a web page and a sitemap served by a local site.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng, renderText } from '../server/test-support/fixtures/bitmap-text';
import { buildPdf } from '../server/test-support/fixtures/pdf-writer';
import { signIn } from './support/actions';
import { seriousViolations } from './support/axe';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/** Ingestion (OCR included) runs in the background; the repository polls until it is done. */
const READY_TIMEOUT = 60_000;

const html = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>` +
  `<p>${body}</p></main></body></html>`;

/** A small web site on 127.0.0.1: one page, and a sitemap listing two more. */
function startSite(): Promise<{ url: string; close: () => Promise<void> }> {
  let base = '';
  const pages: Record<string, { type: string; body: () => string }> = {
    '/robots.txt': { type: 'text/plain', body: () => 'User-agent: *\nAllow: /\n' },
    '/guide.html': {
      type: 'text/html',
      body: () => html('Travel guide', 'Quokkaberry expenses are refunded within thirty days.'),
    },
    '/docs/one.html': {
      type: 'text/html',
      body: () => html('Onboarding', 'New colleagues receive a zanzibarite badge on day one.'),
    },
    '/docs/two.html': {
      type: 'text/html',
      body: () => html('Security', 'Laptops lock after five minutes of marmaladic idleness.'),
    },
    '/sitemap.xml': {
      type: 'application/xml',
      body: () =>
        `<?xml version="1.0" encoding="UTF-8"?>` +
        `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
        `<url><loc>${base}/docs/one.html</loc></url>` +
        `<url><loc>${base}/docs/two.html</loc></url></urlset>`,
    },
  };
  const site: Server = createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': `${page.type}; charset=utf-8` }).end(page.body());
  });
  return new Promise((resolve) => {
    site.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      resolve({ url: base, close: () => new Promise((r) => site.close(() => r())) });
    });
  });
}

const files = [
  {
    name: 'expenses.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('item,amount\nhotel,120\ntaxi,35\nquokkaberry dinner,48\n'),
  },
  {
    name: 'handbook.pdf',
    mimeType: 'application/pdf',
    buffer: buildPdf([{ lines: ['Staff handbook', 'Holidays are booked through the portal.'] }]),
  },
  {
    name: 'notice.png',
    mimeType: 'image/png',
    buffer: encodePng(renderText(['OFFICE CLOSED FRIDAY'])),
  },
];

type Tree = { [key: string]: string | Tree };

/** The Spanish text at `ns:a.b`, with `{{name}}` filled from `values` (the locale file's words). */
function es(key: string, values: Record<string, string> = {}): string {
  const [ns, path] = key.split(':');
  let node: string | Tree = JSON.parse(
    readFileSync(join(process.cwd(), 'public', 'locales', 'es', `${ns}.json`), 'utf8'),
  ) as Tree;
  for (const part of path.split('.')) node = (node as Tree)[part];
  return (node as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

function documentRow(page: Page, name: string): Locator {
  return page.getByTestId('document-row').filter({ hasText: name });
}

async function expectReady(page: Page, name: string) {
  await documentRow(page, name)
    .getByTestId('document-status')
    .filter({ hasText: 'Ready' })
    .waitFor({ timeout: READY_TIMEOUT });
}

async function openRepositoryView(page: Page, view: 'Documents' | 'Recycle bin') {
  await page
    .getByRole('navigation', { name: 'Repository views' })
    .getByRole('button', { name: view })
    .click();
  await page.waitForLoadState('networkidle');
}

describe('knowledge uploads and repository', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let site: { url: string; close: () => Promise<void> };
  let page: Page;

  beforeAll(async () => {
    site = await startSite();
    // The test site is on loopback, which URL fetching refuses unless it is allowed.
    server = await startServer({ URL_FETCH_ALLOW: '127.0.0.1' });
    browser = await launchBrowser();
    // bypassCSP lets the last test run axe inside the page.
    page = await browser.newPage({ bypassCSP: true });
    // Ingestion (OCR, parsing) shares the two cores with the browser; give each step more room.
    page.setDefaultTimeout(30_000);
    await signIn(page, server.url, server.admin.email, server.admin.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await site?.close();
  });

  it('when three files of different types are uploaded, then each shows progress and ends Success', async () => {
    await page.goto(`${server.url}/upload`);
    await page.getByRole('heading', { level: 1, name: 'Upload knowledge sources' }).waitFor();
    await page.getByLabel('Choose files').setInputFiles(files);
    for (const f of files) await expect(page.getByText(f.name).count()).resolves.toBe(1);
    await page.getByLabel('Department').selectOption({ label: 'General' });

    // Record every progress value the rows show, however briefly.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"]'))
          seen.push(Number(bar.getAttribute('aria-valuenow')));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();

    for (const f of files) {
      const row = page.getByTestId('upload-row').filter({ hasText: f.name });
      await row.getByText('Success', { exact: true }).waitFor({ timeout: 30_000 });
    }
    await page.getByText('Uploaded: 3. Failed: 0.').waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: number[] }).progressSeen,
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((v) => v >= 0 && v <= 100)).toBe(true);
  });

  it('when the repository opens, then the three files become ready without a reload', async () => {
    await page.getByRole('link', { name: 'Go to the repository' }).click();
    await page.getByRole('heading', { level: 1, name: 'Repository' }).waitFor();
    for (const f of files) await expectReady(page, f.name);
    const pdf = documentRow(page, 'handbook.pdf');
    await expect(pdf.innerText()).resolves.toContain('General');
    await expect(pdf.innerText()).resolves.toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)/);
  });

  it('when a file is moved to the recycle bin, then it leaves the list, shows in the bin, and Restore brings it back', async () => {
    await page.getByRole('checkbox', { name: 'Select expenses.csv' }).check();
    await page.getByRole('button', { name: 'Move to recycle bin' }).click();
    await documentRow(page, 'expenses.csv').waitFor({ state: 'detached' });
    await expect(documentRow(page, 'handbook.pdf').count()).resolves.toBe(1);

    await openRepositoryView(page, 'Recycle bin');
    await documentRow(page, 'expenses.csv').waitFor();
    await expect(documentRow(page, 'handbook.pdf').count()).resolves.toBe(0);
    expect(new URL(page.url()).searchParams.get('view')).toBe('bin');
    await page.getByRole('checkbox', { name: 'Select expenses.csv' }).check();
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('The recycle bin is empty.').waitFor();

    await openRepositoryView(page, 'Documents');
    await documentRow(page, 'expenses.csv').waitFor();
  });

  it('when a file is deleted for good after the confirm dialog, then it is gone from the list and the bin', async () => {
    await page.getByRole('checkbox', { name: 'Select handbook.pdf' }).check();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Documents to delete: 1.').waitFor();
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await documentRow(page, 'handbook.pdf').waitFor({ state: 'detached' });
    await expect(documentRow(page, 'expenses.csv').count()).resolves.toBe(1);
    await expect(documentRow(page, 'notice.png').count()).resolves.toBe(1);

    await page.reload();
    await documentRow(page, 'expenses.csv').waitFor();
    await expect(documentRow(page, 'handbook.pdf').count()).resolves.toBe(0);
    await openRepositoryView(page, 'Recycle bin');
    await page.getByText('The recycle bin is empty.').waitFor();
  });

  it('when a web page and a sitemap are added, then the page and both listed pages become ready', async () => {
    await page.goto(`${server.url}/upload?type=urls`);
    await page.getByRole('heading', { level: 1, name: 'Upload knowledge sources' }).waitFor();
    // One without a scheme would get https://; the test site speaks http, so both are written out.
    await page.getByLabel('Web addresses').fill(`${site.url}/guide.html, ${site.url}/sitemap.xml`);
    await page.getByLabel('Department').selectOption({ label: 'General' });
    await page.getByRole('button', { name: 'Add web addresses' }).click();
    const results = page.getByTestId('url-result');
    await results.nth(1).waitFor({ timeout: 30_000 });
    await expect(results.filter({ hasText: 'Success' }).count()).resolves.toBe(2);

    await page.goto(`${server.url}/repository?kind=web`);
    await page.getByRole('heading', { level: 1, name: 'Repository' }).waitFor();
    for (const path of ['/guide.html', '/sitemap.xml'])
      await expectReady(page, `${site.url}${path}`);
    await expect(documentRow(page, 'expenses.csv').count()).resolves.toBe(0);
    // The sitemap stands for its pages; its button lists them, and the way back returns.
    await expect(documentRow(page, `${site.url}/docs/one.html`).count()).resolves.toBe(0);
    await documentRow(page, `${site.url}/sitemap.xml`)
      .getByRole('button', { name: `Pages: 2 listed by ${site.url}/sitemap.xml` })
      .click();
    await page.getByRole('heading', { name: `Pages listed by ${site.url}/sitemap.xml` }).waitFor();
    for (const path of ['/docs/one.html', '/docs/two.html'])
      await expectReady(page, `${site.url}${path}`);
    await expect(documentRow(page, `${site.url}/guide.html`).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'All documents' }).click();
    await expectReady(page, `${site.url}/guide.html`);
    await expect(
      documentRow(page, `${site.url}/guide.html`)
        .getByRole('button', { name: /Re-sync/ })
        .count(),
    ).resolves.toBe(1);
  });

  it('when the console is Spanish, then each refused file and a document that could not be read say why in Spanish', async () => {
    const spanish = await browser.newPage();
    spanish.setDefaultTimeout(30_000);
    await signIn(spanish, server.url, server.admin.email, server.admin.password);
    await spanish.goto(`${server.url}/upload?lng=es`);
    await spanish.getByRole('heading', { level: 1, name: es('knowledge:upload.title') }).waitFor();
    await spanish.getByLabel(es('knowledge:upload.chooseFiles')).setInputFiles([
      // An exe named .pdf and an empty csv are refused by the server, each with its reason.
      {
        name: 'informe.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200, 1)]),
      },
      { name: 'vacio.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) },
      // A pdf cut off before its end is stored, and fails when it is read.
      {
        name: 'cortado.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n'),
      },
    ]);
    await spanish.getByLabel(es('knowledge:upload.department')).selectOption({ index: 1 });
    await spanish
      .getByRole('button', { name: es('knowledge:upload.submitFiles'), exact: true })
      .click();

    const reasonOf = async (name: string) => {
      const row = spanish.getByTestId('upload-row').filter({ hasText: name });
      await row.getByText(es('knowledge:itemStatus.Fail'), { exact: true }).waitFor();
      return row.getByTestId('upload-reason').innerText();
    };
    expect(await reasonOf('informe.pdf')).toBe(
      es('knowledge:uploadRefusals.content_mismatch', {
        name: 'informe.pdf',
        ext: es('knowledge:fileTypes.pdf'),
      }),
    );
    expect(await reasonOf('vacio.csv')).toBe(
      es('knowledge:uploadRefusals.empty', { name: 'vacio.csv' }),
    );
    await spanish
      .getByTestId('upload-row')
      .filter({ hasText: 'cortado.pdf' })
      .getByText(es('knowledge:itemStatus.Success'), { exact: true })
      .waitFor();

    await spanish.goto(`${server.url}/repository?search=cortado`);
    const failed = documentRow(spanish, 'cortado.pdf');
    await failed
      .getByTestId('document-status')
      .filter({ hasText: es('knowledge:documentStatus.failed') })
      .waitFor({ timeout: READY_TIMEOUT });
    const reason = await failed.getByTestId('document-error').innerText();
    expect(reason).toBe(es('knowledge:documentFailures.pdf_truncated'));
    expect(reason).not.toMatch(/truncated|upload the complete file/);
    await spanish.close();
  });

  it('when axe checks the upload and repository screens with documents on them, then it finds no serious or critical violation', async () => {
    for (const path of ['/upload', '/upload?type=urls', '/repository', '/repository?view=bin']) {
      await page.goto(`${server.url}${path}`);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});

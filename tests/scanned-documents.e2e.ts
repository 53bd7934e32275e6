/**
 * A person uploads a scanned pdf (pages that are pictures, no text layer) with the default
 * settings, watches the repository read its pages with OCR, and then finds what the scan says
 * through the assistant, which cites the scan and its page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderText } from '../server/test-support/fixtures/bitmap-text';
import { buildPdf } from '../server/test-support/fixtures/pdf-writer';
import { signIn } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const SCAN_NAME = 'slipway-inspection.pdf';
const FACT_PAGE = 6;

/** Eight scanned pages, long enough to watch being read; page 6 holds the fact asked about. */
const scan = buildPdf(
  Array.from({ length: 8 }, (_, i) => ({
    image: renderText(
      i + 1 === FACT_PAGE
        ? ['THE SLIPWAY GATE CLOSES', 'AT SUNSET EVERY DAY.']
        : [`INSPECTION NOTES PART ${i + 1}`, 'ALL MOORINGS CHECKED.'],
      4,
    ),
  })),
  'Slipway inspection',
);

const scanRow = (page: Page) => page.getByTestId('document-row').filter({ hasText: SCAN_NAME });

describe('scanned documents', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    // One page per turn of the queue, as a long scan is read beside other uploads.
    server = await startServer({ OCR_TURN_SECONDS: '0' });
    browser = await launchBrowser();
    page = await browser.newPage();
    // OCR shares the two cores with the browser; give each step more room.
    page.setDefaultTimeout(30_000);
    await signIn(page, server.url, server.admin.email, server.admin.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when a scan is uploaded with the default settings, then the repository shows its pages being read and it becomes ready', async () => {
    await page.goto(`${server.url}/upload`);
    await page.getByRole('heading', { level: 1, name: 'Upload knowledge sources' }).waitFor();
    await page
      .getByLabel('Choose files')
      .setInputFiles([{ name: SCAN_NAME, mimeType: 'application/pdf', buffer: scan }]);
    await page.getByLabel('Department').selectOption({ label: 'General' });
    await expect(page.getByLabel('Advanced training').isChecked()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page
      .getByTestId('upload-row')
      .filter({ hasText: SCAN_NAME })
      .getByText('Success', { exact: true })
      .waitFor();

    await page.getByRole('link', { name: 'Go to the repository' }).click();
    await scanRow(page)
      .getByTestId('document-progress')
      .filter({ hasText: /^Reading scanned pages \(OCR\): \d of 8$/ })
      .waitFor({ timeout: 60_000 });
    await expect(
      scanRow(page)
        .getByRole('progressbar', { name: `Scanned pages of ${SCAN_NAME} read` })
        .getAttribute('aria-valuemax'),
    ).resolves.toBe('8');
    await scanRow(page)
      .getByTestId('document-status')
      .filter({ hasText: 'Ready' })
      .waitFor({ timeout: 120_000 });
    await expect(scanRow(page).getByTestId('document-progress').count()).resolves.toBe(0);
    await expect(scanRow(page).innerText()).resolves.not.toMatch(/advanced training/i);
  }, 200_000);

  it('when the assistant is asked what the scan says, then it answers from the scanned page and cites it', async () => {
    await page.goto(`${server.url}/chat`);
    await page.getByRole('heading', { level: 1, name: 'Knowledge assistant' }).waitFor();
    const model = page.getByLabel('Model');
    await expect.poll(() => model.isEnabled()).toBe(true);
    await model.selectOption('atrium-extractive');
    await page.getByLabel('Your question').fill('When does the slipway gate close?');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.locator('[data-testid="chat-message"][data-sender="server"]').first();
    await answer
      .getByText(/sunset/i)
      .first()
      .waitFor();
    const reference = answer.getByTestId('chat-reference').filter({ hasText: SCAN_NAME });
    await reference.first().waitFor();
    await expect(reference.first().innerText()).resolves.toContain(`page ${FACT_PAGE}`);
  });
});

/**
 * Charts in the chat, against a real MariaDB the harness starts: a question naming two
 * groupings and a year ("2025 sales by region and quarter") is charted with one series per
 * region over the quarters of that year; the chart stays with the conversation through a reload
 * and reopening; a reply that found nothing offers no Chart button; the question box and its
 * Send button stay on screen at 1366×768 and 390×844 (and in Arabic, dark); the explorer's
 * Measure select shows a long column name whole at both widths.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PACKAGES_DDL,
  packagesInsert,
  SALES_DDL,
  SALES_QUARTERS,
  SALES_REGIONS,
  salesInsert,
} from '../server/test-support/db-sources';
import { apiLogin } from './support/accounts';
import { startDatabaseScene, type DatabaseScene } from './support/database-scene';
import { api } from './support/server';

const SOURCE = 'Sales server';
const BUILTIN = 'atrium-extractive';
const QUESTION = '2025 sales by region and quarter';

const answers = (page: Page) => page.locator('[data-testid="chat-message"][data-sender="server"]');

/**
 * The texts drawn in the next chart the page is sent (its SVG's <text>s), asked again with the
 * same request from here: the browser hands the image to the page as a blob, not to the test.
 */
function nextChartTexts(page: Page, path: RegExp, token: () => string): Promise<string[]> {
  return page
    .waitForResponse((r) => path.test(new URL(r.url()).pathname) && r.status() === 200, {
      timeout: 60_000,
    })
    .then(async (r) => {
      const request = r.request();
      const again = await fetch(r.url(), {
        method: request.method(),
        headers: {
          ...(await request.allHeaders()),
          authorization: `Bearer ${token()}`,
        },
        body: request.postData() ?? undefined,
      });
      return again.text();
    })
    .then((svg) => [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]));
}

const drawn = (chart: Locator) =>
  expect
    .poll(() => chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

/** Where the Send button is, with the page's own scroll: on screen without scrolling. */
async function sendPlace(page: Page, name = 'Send') {
  const send = page.getByRole('button', { name });
  await send.waitFor();
  return send.evaluate((button) => {
    const box = button.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, scrolled: window.scrollY, height: innerHeight };
  });
}

async function expectSendOnScreen(page: Page, width: number, height: number, name = 'Send') {
  const place = await sendPlace(page, name);
  expect(place.scrolled, `page scrolled at ${width}×${height}`).toBe(0);
  expect(place.top, `Send at ${width}×${height}`).toBeGreaterThanOrEqual(0);
  expect(place.bottom, `Send at ${width}×${height}`).toBeLessThanOrEqual(height);
}

describe('charts in the chat', () => {
  let scene: DatabaseScene;
  let page: Page;
  let sourceId: number;
  let token = '';

  beforeAll(async () => {
    scene = await startDatabaseScene(
      `${SALES_DDL}; ${salesInsert()}; ${PACKAGES_DDL}; ${packagesInsert()}`,
    );
    const { maria, server } = scene;
    page = scene.page;
    token = await apiLogin(server, server.admin.email, server.admin.password);
    const created = await api(server, 'POST', '/integrations/db-source', {
      token,
      body: {
        name: SOURCE,
        db_type: 'mysql',
        host: maria.host,
        port: maria.port,
        database: maria.database,
        username: maria.reader.username,
        password: maria.reader.password,
        department_id: 1,
      },
    });
    if (created.status !== 201) throw new Error(`source answered ${created.status}`);
    sourceId = (created.body as { id: number }).id;
  }, 120_000);

  afterAll(async () => {
    await scene?.stop();
  });

  it('when two groupings and a year are asked at 1366×768, then one series per region is drawn over 2025’s quarters with Send on screen', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${scene.server.url}/chat`);
    await page.getByRole('heading', { level: 1, name: 'Knowledge assistant' }).waitFor();
    const model = page.getByLabel('Model');
    await expect.poll(() => model.isEnabled()).toBe(true);
    await model.selectOption(BUILTIN);
    await expectSendOnScreen(page, 1366, 768);

    await page.getByLabel('Your question').fill(QUESTION);
    const texts = nextChartTexts(page, /\/api\/chat\/generate_visual$/, () => token);
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = answers(page).last();
    const chart = answer.getByRole('img', { name: /region, quarter, sum_sales_amount/ });
    await chart.waitFor({ timeout: 60_000 });
    await drawn(chart);
    await expect(answer.getByTestId('chart-summary').innerText()).resolves.toBe(
      `Sum of sales amount by region and quarter, from ${SOURCE} (rows of 2025 only)`,
    );
    expect(await texts).toEqual(expect.arrayContaining([...SALES_QUARTERS, ...SALES_REGIONS]));
    // 16 rows: four regions by four quarters, and none of 2024.
    await expect(answer.getByTestId('chart-rows').locator('tbody tr').count()).resolves.toBe(16);
    await expectSendOnScreen(page, 1366, 768);
  });

  it('when the page is reloaded and the conversation reopened, then the chart is drawn again', async () => {
    await page.reload();
    const texts = nextChartTexts(
      page,
      /\/api\/chat\/conversations\/[^/]+\/charts\/\d+$/,
      () => token,
    );
    await page.getByRole('button', { name: `Open conversation ${QUESTION}` }).click();
    const answer = answers(page).last();
    const chart = answer.getByRole('img', { name: /region, quarter, sum_sales_amount/ });
    await chart.waitFor({ timeout: 30_000 });
    await drawn(chart);
    expect(await texts).toEqual(expect.arrayContaining([...SALES_QUARTERS, ...SALES_REGIONS]));
    await expect(answer.getByTestId('chart-summary').innerText()).resolves.toContain(
      'by region and quarter',
    );
    await expectSendOnScreen(page, 1366, 768);
  });

  it('when a reply found nothing, then it offers no Chart button', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByLabel('Your question').fill('Who repaired the lighthouse lantern in 1890?');
    await page.getByRole('button', { name: 'Send' }).click();
    await sendPlace(page);
    const answer = answers(page).last();
    await answer.getByText(/could not find/i).waitFor();
    await expect(
      answer.getByRole('button', { name: 'Make a chart of this answer' }).count(),
    ).resolves.toBe(0);
  });

  it('when the chat is opened at 390×844, then the question box and Send are on screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${scene.server.url}/chat`);
    await page.getByRole('heading', { level: 1, name: 'Knowledge assistant' }).waitFor();
    await expectSendOnScreen(page, 390, 844);
    await expect(page.getByLabel('Your question').isVisible()).resolves.toBe(true);
    // With the chart's conversation open the messages scroll, not the page.
    await page.getByRole('button', { name: `Open conversation ${QUESTION}` }).click();
    const chart = answers(page)
      .first()
      .getByRole('img', { name: /region, quarter, sum_sales_amount/ });
    await chart.waitFor({ timeout: 30_000 });
    await drawn(chart);
    await expectSendOnScreen(page, 390, 844);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
  });

  it('when the conversation is reopened in Arabic with the dark theme, then the chart’s summary reads in Arabic, right to left, with Send on screen', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${scene.server.url}/chat?lng=ar&theme=dark`);
    try {
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.locator('.chat-conversation-open', { hasText: QUESTION }).click();
      const summary = answers(page).first().getByTestId('chart-summary');
      await summary.waitFor({ timeout: 30_000 });
      await expect(summary.innerText()).resolves.toBe(
        `مجموع sales amount حسب region و quarter، من ${SOURCE} (صفوف عام 2025 فقط)`,
      );
      await expectSendOnScreen(page, 1366, 768, 'إرسال');
    } finally {
      // The language chosen is remembered: the next steps read English again.
      await page.goto(`${scene.server.url}/chat?lng=en&theme=light`);
    }
  });

  it('when sum is picked in the explorer, then the Measure select shows installed_size_kb whole at 1366 and 390', async () => {
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await page.goto(
        `${scene.server.url}/integration/database-integration/view-db-agent/${sourceId}`,
      );
      await page.getByLabel('Table', { exact: true }).selectOption('packages');
      await page.getByLabel('Aggregate', { exact: true }).selectOption('sum');
      const measure = page.getByLabel('Measure', { exact: true });
      await measure.selectOption('installed_size_kb');
      const room = await measure.evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return -1;
        context.font = style.font;
        const text = context.measureText(select.selectedOptions[0]?.text ?? '').width;
        const inner =
          select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return inner - text;
      });
      expect(room, `Measure at ${width}`).toBeGreaterThan(0);
      await expect(measure.getAttribute('title')).resolves.toBe('installed_size_kb');
    }
  });
});

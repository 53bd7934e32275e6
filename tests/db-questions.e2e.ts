/**
 * Questions to a database as an administrator asks them, against a real MariaDB the harness
 * starts: a misspelt database name is said to be the database's fault; the explorer offers sum
 * only on numbers and its SQL box runs a SELECT in its order and refuses a write; in the chat,
 * "the total installed size by section" charts that sum, says so with the source's name and the
 * SQL, and lays the rows out under the chart, also on a phone-wide screen.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagesInsert, PACKAGES_DDL, packageTotals } from '../server/test-support/db-sources';
import type { MariaDbServer } from '../server/test-support/mariadb-server';
import { startDatabaseScene, type DatabaseScene } from './support/database-scene';
import type { RunningServer } from './support/server';

const SOURCE = 'Debian archive';
const BUILTIN = 'atrium-extractive';
const totals = packageTotals();

const rowsOf = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).locator('tbody tr').allInnerTexts()).map((r) => r.split('\t'));

describe('questions to a database', () => {
  let scene: DatabaseScene;
  let maria: MariaDbServer;
  let server: RunningServer;
  let page: Page;

  beforeAll(async () => {
    scene = await startDatabaseScene(`${PACKAGES_DDL}; ${packagesInsert()}`);
    ({ maria, server, page } = scene);
  }, 120_000);

  afterAll(async () => {
    await scene?.stop();
  });

  it('when the database name is misspelt, then the form says the database, and with the right name the source is added', async () => {
    await page.goto(`${server.url}/integration`);
    await page.getByRole('link', { name: 'Database integration' }).click();
    await page.getByRole('link', { name: 'Add database source' }).click();
    await page.getByLabel('Name', { exact: true }).fill(SOURCE);
    await page.getByLabel('Database type', { exact: true }).selectOption('mysql');
    await page.getByLabel('Host', { exact: true }).fill(maria.host);
    await page.getByLabel('Port', { exact: true }).fill(String(maria.port));
    await page.getByLabel('Database name', { exact: true }).fill(`${maria.database}e`);
    await page.getByLabel('User name', { exact: true }).fill(maria.reader.username);
    await page.getByLabel('Password', { exact: true }).fill(maria.reader.password);
    await page.getByLabel('Department', { exact: true }).selectOption({ label: 'General' });
    await page.getByRole('button', { name: 'Add database source' }).click();
    await page.getByText('knows no database of this name that the account may use').waitFor();
    await expect(page.getByText('refused this user name or password').count()).resolves.toBe(0);

    await page.getByLabel('Database name', { exact: true }).fill(maria.database);
    await page.getByRole('button', { name: 'Add database source' }).click();
    await page.waitForURL(/view-db-agent\/\d+$/);
  });

  it('when sum is picked, then only the numeric column is offered, and the SQL box runs a SELECT in its order and refuses a write', async () => {
    await page.getByText('Tables: 1').waitFor();
    await page.getByLabel('Aggregate', { exact: true }).selectOption('sum');
    const measures = await page
      .getByLabel('Measure', { exact: true })
      .locator('option')
      .allInnerTexts();
    expect(measures).toEqual(['(none)', 'installed_size_kb']);

    const box = page.getByLabel('SQL (read-only)');
    await box.fill(
      'SELECT section, SUM(installed_size_kb) AS total FROM packages GROUP BY section ORDER BY total DESC',
    );
    await page.getByRole('button', { name: 'Run SQL' }).click();
    await page.getByTestId('db-sql-result').waitFor();
    expect(await rowsOf(page, 'db-sql-result')).toEqual(
      [...totals].reverse().map(([section, sum]) => [section, String(sum)]),
    );

    await box.fill("UPDATE packages SET section = 'gone'");
    await page.getByRole('button', { name: 'Run SQL' }).click();
    await page
      .getByTestId('db-sql-error')
      .getByText('Only SELECT queries may run: nothing may be written.')
      .waitFor();
    await expect(page.getByTestId('db-sql-result').count()).resolves.toBe(0);
  });

  it('when the total installed size by section is asked in the chat, then the chart sums it, says so with the source and SQL, and shows its rows', async () => {
    await page.goto(`${server.url}/chat`);
    await page.getByRole('heading', { level: 1, name: 'Knowledge assistant' }).waitFor();
    const model = page.getByLabel('Model');
    await expect.poll(() => model.isEnabled()).toBe(true);
    await model.selectOption(BUILTIN);
    await page.getByLabel('Your question').fill('Show the total installed size by section');
    await page.getByRole('button', { name: 'Send' }).click();

    const answer = page.locator('[data-testid="chat-message"][data-sender="server"]').last();
    const chart = answer.getByRole('img', { name: /sum_installed_size_kb/ });
    await chart.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(answer.getByTestId('chart-summary').innerText()).resolves.toBe(
      `Sum of installed size kb by section, from ${SOURCE}`,
    );
    await expect(answer.locator('figcaption').innerText()).resolves.toContain(
      `table packages of ${SOURCE}: section, sum_installed_size_kb`,
    );
    // Nothing in the documents, but the database answered: no "nothing found" beside the chart.
    await expect(answer.getByText('I could not find an answer').count()).resolves.toBe(0);
    await answer.getByText('SQL query').click();
    await expect(answer.locator('pre code').innerText()).resolves.toMatch(
      /SUM\(`installed_size_kb`\).*FROM `packages` GROUP BY `section`/,
    );
    expect(await rowsOf(page, 'chart-rows')).toEqual(
      totals.map(([section, sum]) => [section, String(sum)]),
    );

    // On a phone-wide screen the rows scroll inside their table, not the page.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

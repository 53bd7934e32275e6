/**
 * Database sources as an administrator does it, against a real MariaDB the harness
 * starts on loopback: add the source through the form (a wrong password first: the form says
 * the server refused it), see it listed with its switch on, open it, browse its tables, and
 * chart the total weight of shipments by region — the table and the server-drawn chart; another
 * port asks for the password again.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPMENTS_DDL, shipmentsInsert } from '../server/test-support/db-sources';
import type { MariaDbServer } from '../server/test-support/mariadb-server';
import { startDatabaseScene, type DatabaseScene } from './support/database-scene';
import type { RunningServer } from './support/server';

const DATABASES_CARD = 'Database integration';

describe('database sources', () => {
  let scene: DatabaseScene;
  let maria: MariaDbServer;
  let server: RunningServer;
  let page: Page;

  beforeAll(async () => {
    scene = await startDatabaseScene(`${SHIPMENTS_DDL}; ${shipmentsInsert()}`);
    ({ maria, server, page } = scene);
  }, 120_000);

  afterAll(async () => {
    await scene?.stop();
  });

  it('when a MariaDB source is added through the form and a grouped query is run, then its rows and chart show', async () => {
    await page.goto(`${server.url}/integration`);
    await page.getByRole('link', { name: DATABASES_CARD }).click();
    await page.getByRole('link', { name: 'Add database source' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Shipments warehouse');
    await page.getByLabel('Database type', { exact: true }).selectOption('mysql');
    await page.getByLabel('Host', { exact: true }).fill(maria.host);
    await page.getByLabel('Port', { exact: true }).fill(String(maria.port));
    await page.getByLabel('Database name', { exact: true }).fill(maria.database);
    await page.getByLabel('User name', { exact: true }).fill(maria.reader.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByLabel('Department', { exact: true }).selectOption({ label: 'General' });
    await page.getByRole('button', { name: 'Add database source' }).click();
    await page.getByText('The server refused this user name or password.').waitFor();

    await page.getByLabel('Password', { exact: true }).fill(maria.reader.password);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('status').filter({ hasText: 'MariaDB' }).waitFor();
    await page.getByRole('button', { name: 'Add database source' }).click();
    await page.waitForURL(/view-db-agent\/\d+$/);

    await page.getByText('Tables: 1').click();
    await page.getByText('region (varchar)').waitFor();
    await page.getByLabel('Group by', { exact: true }).selectOption('region');
    await page.getByLabel('Aggregate', { exact: true }).selectOption('sum');
    await page.getByLabel('Measure', { exact: true }).selectOption('weight');
    await page.getByRole('button', { name: 'Run query' }).click();
    const result = page.getByTestId('db-query-result');
    await result.waitFor();
    const cells = await result.locator('tbody tr').allInnerTexts();
    expect(cells.map((row) => row.split('\t'))).toEqual([
      ['East', '210'],
      ['North', '190'],
      ['South', '200'],
      ['West', '220'],
    ]);
    const chart = page.getByTestId('db-query-chart');
    const width = await chart.evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(width).toBeGreaterThan(100);

    // The stored password goes only to the stored server: another port asks for it again.
    await page.getByLabel('Port', { exact: true }).fill(String(maria.port + 1));
    await page.getByText('You changed where this source connects', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('Enter the password again: the stored password goes only to the stored server.')
      .waitFor();

    await page.getByRole('link', { name: 'Back to the list' }).click();
    const row = page.getByTestId('db-source-row').filter({ hasText: 'Shipments warehouse' });
    await expect(
      row.getByRole('checkbox', { name: /Switch Shipments warehouse/ }).isChecked(),
    ).resolves.toBe(true);
    await row.getByRole('checkbox', { name: /Switch Shipments warehouse/ }).click();
    await row.getByText('Off').waitFor();
  });
});

/**
 * What the database-source browser tests start from: the harness's MariaDB with a table loaded,
 * the console allowed to reach it on loopback (integrations reach private addresses only when
 * allowed), and the administrator signed in in a browser.
 */
import type { Page } from 'playwright-core';
import { startMariaDb, type MariaDbServer } from '../../server/test-support/mariadb-server';
import { signIn } from './actions';
import { launchBrowser, type BrowserSession } from './browser';
import { startServer, type RunningServer } from './server';

export interface DatabaseScene {
  maria: MariaDbServer;
  server: RunningServer;
  browser: BrowserSession;
  page: Page;
  stop(): Promise<void>;
}

/** `seedSql` runs as MariaDB's administrator in the test database (its DDL and rows). */
export async function startDatabaseScene(seedSql: string): Promise<DatabaseScene> {
  const maria = await startMariaDb();
  const root = await maria.admin();
  await root.query(`USE ${maria.database}; ${seedSql}`);
  await root.end();
  const server = await startServer({ INTEGRATION_HOSTS_ALLOW: '127.0.0.1' });
  const browser = await launchBrowser();
  const page = await browser.newPage();
  await signIn(page, server.url, server.admin.email, server.admin.password);
  return {
    maria,
    server,
    browser,
    page,
    async stop() {
      await browser.close();
      await server.stop();
      await maria.stop();
    },
  };
}

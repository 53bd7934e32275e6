/**
 * Issue 17, API access, as an administrator and another system do it: the administrator creates
 * a key in the API integration screen and copies it from the dialog that shows it once; a system
 * calls the API with it (allowed inside its rights, refused outside them); the list shows the
 * use; the administrator revokes it and the next call answers 401. The live API documentation
 * shows the key routes with the right each needs.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/actions';
import { seriousViolations } from './support/axe';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const NAME = 'Payroll sync';

describe('API keys', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let admin: Page;
  let key = '';

  /** A call from another system, as any HTTP client makes it. */
  const callWithKey = (path: string) =>
    fetch(`${server.url}/api${path}`, {
      headers: { 'x-api-key': server.apiKey, authorization: `Bearer ${key}` },
    });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // bypassCSP lets axe's script run in the page (the policy itself is tested elsewhere).
    admin = await browser.newPage({ bypassCSP: true });
    await signIn(admin, server.url, server.admin.email, server.admin.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when the administrator creates a key in the screen, then it is shown once and calls the API within its rights', async () => {
    await admin.goto(`${server.url}/integration/api-integration`);
    await admin.getByRole('heading', { level: 1, name: 'API access' }).waitFor();
    await admin.getByRole('button', { name: 'Create API key' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name', { exact: true }).fill(NAME);
    await dialog.getByRole('checkbox', { name: 'General' }).check();
    await dialog.getByRole('checkbox', { name: 'Users: List' }).check();
    await expect(seriousViolations(admin)).resolves.toEqual([]);
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = admin.getByRole('dialog', { name: 'Your new API key' });
    await shown.getByText('It is shown only this once').waitFor();
    key = await shown.getByTestId('api-key-value').inputValue();
    expect(key).toMatch(/^atr_[\w-]{12}_[\w-]{43}$/);
    await shown.getByRole('button', { name: 'Done' }).click();

    const users = await callWithKey('/users');
    expect(users.status).toBe(200);
    expect(await users.json()).toMatchObject({ page: 1, items: expect.any(Array) });
    expect((await callWithKey('/roles')).status).toBe(403);

    await admin.reload();
    const row = admin.getByTestId('api-key-row').filter({ hasText: NAME });
    await row.getByText('Active').waitFor();
    await row.getByText('Requests: 2').waitFor();
    await expect(row.innerText()).resolves.not.toContain(key.slice(17));
  });

  it('when the administrator revokes the key, then the next call with it answers 401', async () => {
    await admin.getByRole('button', { name: `Revoke ${NAME}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await admin.getByTestId('api-key-row').filter({ hasText: NAME }).getByText('Revoked').waitFor();
    const after = await callWithKey('/users');
    expect(after.status).toBe(401);
  });

  it('when the API documentation is opened, then it lists the key routes with the right they need and an upload with its form', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/api-docs`);
    await page.getByText('Atrium API', { exact: false }).first().waitFor();
    const create = page.locator('.opblock-post').filter({ hasText: '/api/api-keys' }).first();
    await create.locator('.opblock-summary').click();
    await create.getByText('Needs: Roles.ADD.').waitFor();
    // An upload shows its form: the content type and its file field.
    const upload = page.locator('.opblock-post').filter({ hasText: '/api/upload/docs' }).first();
    await upload.locator('.opblock-summary').click();
    const form = upload.locator('option[value="multipart/form-data"]');
    await form.first().waitFor({ state: 'attached' });
    await upload.getByText('department_id').first().waitFor();
    await page.close();
  });
});

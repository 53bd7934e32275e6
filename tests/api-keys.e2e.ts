/**
 * API access, as an administrator and another system do it: the administrator creates a key in
 * the API integration screen, copies the curl command the dialog gives with the key in it and
 * runs it in a shell; a system calls the API with it (allowed inside its rights, refused outside
 * them); the list shows the use and the rights in words; the administrator revokes it, the list
 * says who did and when, and the next call answers 401. The live API documentation, opened from
 * the page, shows the key routes with the right each needs.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/actions';
import { seriousViolations } from './support/axe';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const NAME = 'Payroll sync';
const run = promisify(execFile);

/** A copied command run as a person runs it in a terminal, with the status printed after it. */
async function inShell(command: string) {
  const { stdout } = await run('sh', [
    '-c',
    `${command} --silent --show-error -w '\n%{http_code}'`,
  ]);
  const lines = stdout.trimEnd().split('\n');
  return { status: Number(lines.pop()), body: lines.join('\n') };
}

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
    // The clipboard permissions: the test reads what the Copy button put there.
    admin = await browser.newPage({
      bypassCSP: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await signIn(admin, server.url, server.admin.email, server.admin.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when the administrator creates a key and runs the curl command the page gives, then the API answers 200 with their data', async () => {
    await admin.goto(`${server.url}/integration/api-integration`);
    await admin.getByRole('heading', { level: 1, name: 'API access' }).waitFor();
    // Before any key: the base URL and both headers, the deployment's x-api-key among them.
    await expect(admin.getByTestId('api-base-url').innerText()).resolves.toBe(`${server.url}/api`);
    await expect(admin.getByTestId('api-header-deployment').innerText()).resolves.toBe(
      `x-api-key: ${server.apiKey}`,
    );
    await admin.getByText('Authorization: Bearer <your API key>').first().waitFor();
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
    await expect(seriousViolations(admin)).resolves.toEqual([]);

    await shown.getByRole('button', { name: 'Copy the curl command' }).click();
    await shown.getByText('Copied to the clipboard.').waitFor();
    const copied = await admin.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await shown.getByTestId('api-curl').innerText());
    expect(copied).toContain(`Bearer ${key}`);
    const answer = await inShell(copied);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ email: server.admin.email })]),
    });
    await shown.getByRole('button', { name: 'Done' }).click();

    const users = await callWithKey('/users');
    expect(users.status).toBe(200);
    expect(await users.json()).toMatchObject({ page: 1, items: expect.any(Array) });
    expect((await callWithKey('/roles')).status).toBe(403);

    await admin.reload();
    const row = admin.getByTestId('api-key-row').filter({ hasText: NAME });
    await row.getByText('Active').waitFor();
    await row.getByText('Requests: 3').waitFor();
    await expect(row.innerText()).resolves.not.toContain(key.slice(17));
  });

  it('when the key list is read on a phone, then its rights are words and each stays whole on its line', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    try {
      await admin.reload();
      const rights = admin
        .getByTestId('api-key-row')
        .filter({ hasText: NAME })
        .getByTestId('api-key-rights');
      await expect(rights.innerText()).resolves.toBe('Users · List');
      // One box per right: a right broken over two lines would have two.
      const boxes = await rights
        .locator('.api-key-right')
        .evaluateAll((els) => els.map((e) => e.getClientRects().length));
      expect(boxes).toEqual([1]);
    } finally {
      await admin.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('when the administrator revokes the key, then the list says who revoked it and when, and the next call answers 401', async () => {
    await admin.reload();
    await admin.getByRole('button', { name: `Revoke ${NAME}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    const row = admin.getByTestId('api-key-row').filter({ hasText: NAME });
    await row.getByText('Revoked', { exact: true }).waitFor();
    const revoked = await row.getByTestId('api-key-revoked').innerText();
    expect(revoked).toMatch(/^Revoked by Default Administrator on /);
    expect(revoked).toContain(String(new Date().getFullYear()));
    const after = await callWithKey('/users');
    expect(after.status).toBe(401);
  });

  it('when the API documentation is opened from the page, then it lists the key routes with the right they need and an upload with its form', async () => {
    const [page] = await Promise.all([
      admin.waitForEvent('popup'),
      admin.getByRole('link', { name: 'API documentation' }).click(),
    ]);
    expect(page.url()).toBe(`${server.url}/api-docs`);
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

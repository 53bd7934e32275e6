/**
 * The console keeps its promises about users, departments and rights, clicked through in Chromium
 * against the real server: a deleted user is found under the Deleted status, restored from their
 * page and signs in again through the new invitation; a department in use says why it cannot be
 * deleted before the click (and the server still refuses); the role form offers only the rights a
 * module has; /users fits a 390 px phone, and its search field shows its whole placeholder.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createVerifiedTrialUser } from './support/accounts';
import { signIn } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { linkFrom, waitForMail } from './support/outbox';
import { api, startServer, type RunningServer } from './support/server';

/** How far the page is wider than the window (0 when nothing sticks out sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Whether the search field's placeholder fits inside the field, measured with its own font. */
const placeholderFits = (page: Page) =>
  page.getByRole('searchbox').evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: input.placeholder, width: canvas.measureText(input.placeholder).width, room };
  });

describe('identity promises: restore, departments in use, real rights, the phone', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let admin: Page;
  const person = {
    username: 'grace.restored',
    email: 'grace.restored@e2e.test',
    password: 'First-Pass-Word-1',
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = await browser.newPage();
    await createVerifiedTrialUser(server, person);
    await signIn(admin, server.url, server.admin.email, server.admin.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when a user is deleted, then they are listed under Deleted, their page offers Restore, and after it they sign in again', async () => {
    await admin.goto(`${server.url}/users?search=grace.restored`);
    await admin.getByRole('button', { name: 'Delete Limited Person' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('the account can be restored later').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await admin.getByText('Limited Person was deleted and signed out everywhere.').waitFor();

    await admin.goto(`${server.url}/users`);
    await admin.getByLabel('Status').selectOption({ label: 'Deleted' });
    await admin.waitForURL((u) => u.searchParams.get('status') === 'deleted');
    const row = admin.getByRole('row').filter({ hasText: person.email });
    await row.getByText(/by Default Administrator$/).waitFor();

    await row.getByRole('link', { name: 'Limited Person' }).click();
    await admin.waitForURL((u) => /^\/users\/view-user\/\d+$/.test(u.pathname));
    await admin.getByText(/This user was deleted/).waitFor();
    expect(await admin.getByText('does not exist').count()).toBe(0);
    await admin.getByRole('button', { name: 'Restore', exact: true }).click();
    await admin
      .getByText(
        `Limited Person was restored. An invitation to choose a new password was sent to ${person.email}.`,
      )
      .waitFor();
    await admin.getByRole('link', { name: 'Edit', exact: true }).waitFor();
    expect(await admin.getByText(/This user was deleted/).count()).toBe(0);

    // The person follows the new invitation and signs in with the password they choose.
    const mail = await waitForMail(server.dataDir, person.email, '/reset-password?token=');
    const own = await browser.newPage();
    await own.goto(linkFrom(mail, '/reset-password?token='));
    await own.getByLabel('New password').fill('Back-Again-Pass-2');
    await own.getByLabel('Confirm password').fill('Back-Again-Pass-2');
    await own.getByRole('button', { name: 'Set password' }).click();
    await own.getByText('Your password is set.').waitFor();
    await signIn(own, server.url, person.email, 'Back-Again-Pass-2');
    expect(new URL(own.url()).pathname).not.toBe('/login');
  });

  it('when a department is in use, then its Delete says why before the click and the server still refuses', async () => {
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    const dept = await api(server, 'POST', '/departments', {
      token,
      body: { name: 'Night Shift', description: 'Follow-up of late calls - weekends too' },
    });
    expect(dept.status).toBe(201);
    const deptId = (dept.body as { id: number }).id;
    const role = await api(server, 'POST', '/roles', {
      token,
      body: { name: 'Night desk', department_id: deptId, permission_set: [] },
    });
    expect(role.status).toBe(201);

    await admin.goto(`${server.url}/department?search=Night`);
    await admin.getByText('Follow-up of late calls - weekends too').waitFor();
    const blocked = admin.getByRole('button', { name: 'Delete Night Shift' });
    const reason = 'Cannot be deleted while in use (roles: 1). Move or remove those first.';
    await admin.getByText(reason).waitFor();
    expect(await blocked.getAttribute('aria-disabled')).toBe('true');
    // Reached by keyboard, it says why; pressing it opens nothing.
    await blocked.focus();
    expect(await blocked.evaluate((b) => b === document.activeElement)).toBe(true);
    await admin.keyboard.press('Enter');
    await blocked.click({ force: true });
    expect(await admin.getByRole('dialog').count()).toBe(0);
    const description = await blocked.evaluate(
      (b) => document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(description).toBe(reason);

    await admin.goto(`${server.url}/department/view-department?id=${deptId}`);
    await admin.getByText(reason).waitFor();
    const refused = await api(server, 'DELETE', `/department/delete/${deptId}`, { token });
    expect(refused.status).toBe(409);
  });

  it('when a role is built, then the form offers only the rights each module has', async () => {
    await admin.goto(`${server.url}/roles/add-role`);
    await admin.getByText('0 of 40 rights granted').waitFor();
    expect(await admin.getByRole('checkbox', { name: /^[^:]+: [^:]+$/ }).count()).toBe(40);
    expect(await admin.getByRole('checkbox', { name: 'Users: Query documents' }).count()).toBe(0);
    expect(await admin.getByRole('checkbox', { name: 'Query: Query documents' }).count()).toBe(1);
    await admin.getByRole('checkbox', { name: 'All rights of Users' }).check();
    await admin.getByText('5 of 40 rights granted').waitFor();
  });

  it('when /users opens on a 390 px phone and at 1366 px, then nothing sticks out sideways and the search placeholder is whole in every language', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(phone, server.url, server.admin.email, server.admin.password);
    const desk = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(desk, server.url, server.admin.email, server.admin.password);
    const clipped: string[] = [];
    for (const page of [phone, desk])
      for (const lng of ['en', 'es', 'fr', 'de', 'ar']) {
        await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lng);
        await page.goto(`${server.url}/users`);
        await page.getByRole('searchbox').waitFor();
        await page.locator('tbody tr').first().waitFor();
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lng);
        expect(
          await sidewaysOverflow(page),
          `${lng} at ${page.viewportSize()?.width}`,
        ).toBeLessThanOrEqual(0);
        const fit = await placeholderFits(page);
        if (fit.width > fit.room)
          clipped.push(
            `${lng} at ${page.viewportSize()?.width}: "${fit.text}" ${fit.width} > ${fit.room}`,
          );
      }
    expect(clipped).toEqual([]);
    await page_close(phone, desk);
  });
});

async function page_close(...pages: Page[]) {
  for (const page of pages) await page.context().close();
}

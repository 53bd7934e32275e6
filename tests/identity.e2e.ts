/**
 * Issue 4 as people do it: the default administrator creates a department, a role with the
 * permission matrix and a user in it; the user sets a password through the invitation mail,
 * signs in and sees exactly the menu SPEC §6 gives that role. The administrator takes rights
 * away, the user's menu loses them on the next navigation without signing in again; the role's
 * history shows the change and Restore brings the old set back.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleMenuKeys, type MenuKey } from '../contract/menu';
import { actionsFromPermissionSet, idsOf } from '../contract/permissions';
import { expectPath, signIn } from './support/actions';
import { seriousViolations } from './support/axe';
import { launchBrowser, type BrowserSession } from './support/browser';
import { linkFrom, waitForMail } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

const navLabels = JSON.parse(readFileSync('public/locales/en/nav.json', 'utf8')) as Record<
  string,
  string
>;

/** The English sidebar labels SPEC §6 shows someone holding exactly `rights` in one role. */
function expectedMenu(rights: Parameters<typeof idsOf>): string[] {
  const keys = visibleMenuKeys({
    is_defaultadmin: false,
    permissions: [
      {
        role_id: 0,
        role_name: 'Field Staff',
        department_id: 0,
        department_name: 'Field Operations',
        actions: actionsFromPermissionSet(idsOf(...rights)),
      },
    ],
  });
  const label: Record<MenuKey, string> = {
    dashboard: navLabels.dashboard,
    assistant: navLabels.assistant,
    profile: navLabels.profile,
    userManagement: navLabels.userManagement,
    users: navLabels.users,
    department: navLabels.department,
    roles: navLabels.roles,
    email: navLabels.email,
    content: navLabels.content,
    upload: navLabels.upload,
    repository: navLabels.repository,
    sopRepository: navLabels.sopRepository,
    integrations: navLabels.integrations,
    helpdesk: navLabels.helpdesk,
    reports: navLabels.reports,
    analytics: navLabels.analytics,
    sentiment: navLabels.sentiment,
  };
  return [...keys].map((k) => label[k]).sort();
}

/** Every entry of the sidebar, the items of closed groups included. */
async function menuOf(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.waitFor();
  await nav.locator('.nav-link').first().waitFor();
  const texts = await nav.locator('.nav-link').allTextContents();
  return [...new Set(texts.map((t) => t.trim()).filter(Boolean))].sort();
}

const FIELD_RIGHTS = [
  'Query.QUERY_DOCUMENT',
  'Users.LIST_VIEW',
  'Users.VIEW',
  'Documents.ADD',
  'Documents.LIST_VIEW',
] as const;
const AFTER_REMOVAL = ['Query.QUERY_DOCUMENT', 'Users.LIST_VIEW', 'Users.VIEW'] as const;

describe('identity: departments, roles, users, menus and history', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let admin: Page;
  let staff: Page;
  let roleId = 0;
  const person = {
    first: 'Ada',
    last: 'Byron',
    username: 'ada.byron',
    email: 'ada.byron@e2e.test',
    password: 'Field-Staff-Pass-7',
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = await browser.newPage();
    staff = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when the administrator creates a department, then the list shows it', async () => {
    await signIn(admin, server.url, server.admin.email, server.admin.password);
    await admin.goto(`${server.url}/department/add-department`);
    await admin.getByLabel('Name', { exact: true }).fill('Field Operations');
    await admin.getByLabel('Description').fill('People who work on site');
    await admin.getByRole('button', { name: 'Create department' }).click();
    await expectPath(admin, '/department');
    await admin.getByRole('link', { name: 'Field Operations', exact: true }).waitFor();
  });

  it('when the administrator builds a role with the matrix, then it is saved with that count of rights', async () => {
    await admin.goto(`${server.url}/roles/add-role`);
    await admin.getByLabel('Name', { exact: true }).fill('Field Staff');
    await admin
      .getByLabel('Department', { exact: true })
      .selectOption({ label: 'Field Operations' });
    for (const cell of [
      'Query: Query documents',
      'Users: List',
      'Users: View',
      'Documents: Add',
      'Documents: List',
    ])
      await admin.getByRole('checkbox', { name: cell, exact: true }).check();
    await admin.getByText('5 of 40 rights granted').waitFor();
    await admin.getByRole('button', { name: 'Create role' }).click();
    await admin.waitForURL((u) => /^\/roles\/view-role\/\d+$/.test(u.pathname));
    roleId = Number(new URL(admin.url()).pathname.split('/').pop());
    await admin.getByRole('heading', { level: 1, name: 'Role: Field Staff' }).waitFor();
    await admin.getByText('5 of 40 rights granted').waitFor();
  });

  it('when the administrator adds a user in that department and role, then an invitation is mailed', async () => {
    await admin.goto(`${server.url}/users/add-user`);
    await admin.getByLabel('First name').fill(person.first);
    await admin.getByLabel('Last name').fill(person.last);
    await admin.getByLabel('Username').fill(person.username);
    await admin.getByLabel('Email', { exact: true }).fill(person.email);
    await admin.getByRole('button', { name: 'Add a role' }).click();
    await admin.getByLabel('Department of role 1').selectOption({ label: 'Field Operations' });
    await admin.getByLabel('Role 1', { exact: true }).selectOption({ label: 'Field Staff' });
    await admin.getByRole('button', { name: 'Create and send the invitation' }).click();
    await admin.waitForURL((u) => /^\/users\/view-user\/\d+$/.test(u.pathname));
    await admin
      .getByRole('heading', { level: 1, name: `User: ${person.first} ${person.last}` })
      .waitFor();
    await admin.getByText('Field Staff · Field Operations').first().waitFor();
    await waitForMail(server.dataDir, person.email, '/reset-password?token=');
  });

  it('when the administrator sorts the users by e-mail, then the rows follow it both ways and the address keeps it', async () => {
    await admin.goto(`${server.url}/users`);
    const emails = () => admin.locator('tbody td').filter({ hasText: /@/ }).allInnerTexts();
    const ascending = [person.email, server.admin.email].sort();
    const header = admin.getByRole('columnheader', { name: 'Email' });
    await header.getByRole('button').click();
    await admin.waitForURL((u) => u.searchParams.get('sort') === 'email');
    await expect.poll(emails).toEqual(ascending);
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await header.getByRole('button').click();
    await admin.waitForURL((u) => u.searchParams.get('sort') === '-email');
    await expect.poll(emails).toEqual([...ascending].reverse());
    await admin.reload();
    await expect.poll(emails).toEqual([...ascending].reverse());
    expect(await header.getAttribute('aria-sort')).toBe('descending');
  });

  it('when the user follows the invitation and signs in, then the menu is exactly what the role grants', async () => {
    const mail = await waitForMail(server.dataDir, person.email, '/reset-password?token=');
    await staff.goto(linkFrom(mail, '/reset-password?token='));
    await staff.getByLabel('New password').fill(person.password);
    await staff.getByLabel('Confirm password').fill(person.password);
    await staff.getByRole('button', { name: 'Set password' }).click();
    await staff.getByText('Your password is set.').waitFor();

    await signIn(staff, server.url, person.email, person.password);
    expect(await menuOf(staff)).toEqual(expectedMenu([...FIELD_RIGHTS]));
    expect(await menuOf(staff)).toEqual(
      [
        'Content',
        'Dashboard',
        'Knowledge assistant',
        'Profile',
        'Repository',
        'Upload',
        'User Management',
        'Users',
      ].sort(),
    );
  });

  it('when the administrator removes rights, then the user’s menu loses them on the next navigation without signing in again', async () => {
    await admin.goto(`${server.url}/roles/update-role/${roleId}`);
    for (const cell of ['Documents: Add', 'Documents: List'])
      await admin.getByRole('checkbox', { name: cell, exact: true }).uncheck();
    await admin.getByText('3 of 40 rights granted').waitFor();
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.waitForURL((u) => u.pathname === `/roles/view-role/${roleId}`);
    await admin.getByText('The role Field Staff was saved.').waitFor();

    // The next navigation inside the app (no reload, no new sign-in) applies the new rights.
    await staff
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Profile', exact: true })
      .click();
    await expectPath(staff, '/profile');
    await expect.poll(() => menuOf(staff)).toEqual(expectedMenu([...AFTER_REMOVAL]));
    expect(await menuOf(staff)).not.toContain('Content');
    await staff.goto(`${server.url}/repository`);
    await expectPath(staff, '/forbidden');
  });

  it('when the role history is opened, then the change is marked and Restore brings the old set back', async () => {
    await admin.goto(`${server.url}/roles/view-role/${roleId}`);
    const history = admin.getByRole('list', { name: 'History' });
    await history.waitFor();
    const entries = history.locator(':scope > li');
    await expect.poll(() => entries.count()).toBe(2);
    const newest = entries.first();
    // Who and when: "dd/mm/yyyy, hh:mm AM by <name>".
    expect(await newest.locator('.card-header').innerText()).toMatch(
      /\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM) by \S+/,
    );
    const removed = await newest.locator('[data-change="removed"]').allTextContents();
    expect(removed.map((t) => t.replace(/^[^:]*:\s*/, '').trim())).toEqual([
      'Documents · Add',
      'Documents · List',
    ]);
    expect(await newest.locator('[data-change="added"]').count()).toBe(0);
    await newest.getByText('Added: 0, removed: 2. Rights in this version: 3.').waitFor();

    const created = entries.nth(1);
    await created.getByRole('button', { name: /^Restore version \d+$/ }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(/Its rights become \(5\)/).waitFor();
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await admin.getByText(/Version \d+ was restored\./).waitFor();
    await expect.poll(() => entries.count()).toBe(3);
    await entries
      .first()
      .getByText(/restored from version \d+/)
      .waitFor();
    await admin.getByText('5 of 40 rights granted').waitFor();
    expect(
      await admin.getByRole('list', { name: 'Rights granted in Documents' }).textContent(),
    ).toContain('List');

    // The user was sent to /forbidden; the repository opens again, still without signing in.
    await staff.goto(`${server.url}/repository`);
    await expectPath(staff, '/repository');
    expect(await menuOf(staff)).toEqual(expectedMenu([...FIELD_RIGHTS]));
  });

  it('when axe checks the identity screens, then it finds no serious or critical violation', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    for (const path of [
      '/users',
      '/users/add-user',
      '/department',
      '/department/add-department',
      '/roles',
      '/roles/add-role',
      `/roles/update-role/${roleId}`,
      `/roles/view-role/${roleId}`,
    ]) {
      await page.goto(`${server.url}${path}`);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto(`${server.url}/users?search=${encodeURIComponent(person.email)}`);
    await page.getByRole('link', { name: `${person.first} ${person.last}`, exact: true }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/users/view-user/'));
    await page.getByRole('list', { name: 'History' }).waitFor();
    expect(await seriousViolations(page), 'view-user').toEqual([]);
    await page.close();
  });
});

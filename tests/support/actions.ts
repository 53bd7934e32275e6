/** What a person does again and again in the console, written once. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** Signs out through the user menu, wherever the layout puts its Logout entry. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('menuitem', { name: 'Logout' }))
    .or(page.getByRole('link', { name: 'Logout' }))
    .first()
    .click();
  await expectPath(page, '/login');
}

export async function heading(page: Page): Promise<string> {
  const h1 = page.locator('h1').first();
  await h1.waitFor();
  return (await h1.innerText()).trim();
}

/** Waits until the route settles on `pathname` and returns the page heading. */
export async function openRoute(page: Page, baseUrl: string, path: string): Promise<string> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForLoadState('networkidle');
  return heading(page);
}

export async function expectPath(page: Page, pathname: string) {
  await page.waitForURL((u) => u.pathname === pathname);
  expect(new URL(page.url()).pathname).toBe(pathname);
}

/** The text of the sidebar's navigation, one entry per visible item. */
export async function sidebarItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.waitFor();
  const texts = await nav.locator('a, button, .nav-group-toggle').allInnerTexts();
  return [...new Set(texts.map((t) => t.trim()).filter(Boolean))];
}

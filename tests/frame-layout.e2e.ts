/**
 * The console's frame laid out in each of its five languages, at a laptop's (1366 × 768) and a
 * phone's (390 × 844) size, measured in Chromium: the sidebar's names and their chevrons, the
 * SOP list's row actions, and where success toasts go.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sopPdf } from '../server/test-support/sop-fixture';
import { apiLogin } from './support/accounts';
import { signIn } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { api, startServer, type RunningServer } from './support/server';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const LANGUAGES = ['en', 'es', 'fr', 'de', 'ar'] as const;

interface EntryLayout {
  name: string;
  /** Its words do not all show (cut off or ended with an ellipsis). */
  cut: boolean;
  /** The name sticks out of its entry's box. */
  spills: boolean;
  /** For a group: the room between its name and its chevron, in px. */
  gapToChevron: number | null;
}

/** Runs in the page: every shown entry of the main menu, measured. */
function sidebarEntries(): EntryLayout[] {
  const rtl = getComputedStyle(document.documentElement).direction === 'rtl';
  const links = [...document.querySelectorAll('.sidebar-nav .nav-link')].filter(
    (l) => (l as HTMLElement).offsetWidth > 0,
  );
  return links.map((link) => {
    const label = link.querySelector('.nav-label') ?? link;
    const box = link.getBoundingClientRect();
    const text = label.getBoundingClientRect();
    let gapToChevron: number | null = null;
    if (link.classList.contains('nav-group-toggle')) {
      const style = getComputedStyle(link);
      const chevron = parseFloat(getComputedStyle(link, '::after').width);
      gapToChevron = rtl
        ? text.left - (box.left + parseFloat(style.paddingLeft) + chevron)
        : box.right - parseFloat(style.paddingRight) - chevron - text.right;
    }
    return {
      name: (label.textContent ?? '').replace(/\u00ad/g, ''),
      cut: label.scrollWidth > label.clientWidth + 1,
      spills: text.left < box.left - 1 || text.right > box.right + 1,
      gapToChevron,
    };
  });
}

/** Runs in the page: the row's action buttons that are not wholly in sight, or lie under another. */
function hiddenRowActions(row: Element): string[] {
  const scroller = row.closest('.table-responsive') ?? document.documentElement;
  const frame = scroller.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  return [...row.querySelectorAll('td:last-child .btn')].flatMap((button) => {
    // Brought into the window's height only: the sideways position is what is measured. At once:
    // Bootstrap scrolls smoothly, and the button would be measured on its way.
    window.scrollBy({
      top: button.getBoundingClientRect().top - window.innerHeight / 2,
      behavior: 'instant',
    });
    const box = button.getBoundingClientRect();
    const inSight =
      box.left >= Math.max(frame.left, 0) - 1 && box.right <= Math.min(frame.right, width) + 1;
    const onTop = button.contains(
      document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2),
    );
    const wordsShow = button.scrollWidth <= button.clientWidth + 1;
    return inSight && onTop && wordsShow ? [] : [(button.textContent ?? '').trim()];
  });
}

interface Blocked {
  control: string;
  by: string;
}

/**
 * Runs in the page: the header's controls a toast lies over, even in part, and the page's Add
 * button when a tap at its middle would not reach it. (On a phone a toast of three lines may
 * reach the left edge of an Add button at the top right of the page, never its middle.)
 */
function controlsUnderToasts(): Blocked[] {
  const toasts = [...document.querySelectorAll('.toast')];
  const shown = (el: Element) => (el as HTMLElement).offsetWidth > 0;
  const nameOf = (el: Element) => el.getAttribute('aria-label') ?? (el.textContent ?? '').trim();
  const header = [...document.querySelectorAll('.header-toggler, .header-controls button')];
  const blocked: Blocked[] = header.filter(shown).flatMap((control) => {
    const c = control.getBoundingClientRect();
    const over = toasts.find((toast) => {
      const t = toast.getBoundingClientRect();
      return t.left < c.right && t.right > c.left && t.top < c.bottom && t.bottom > c.top;
    });
    return over ? [{ control: nameOf(control), by: (over.textContent ?? '').slice(0, 60) }] : [];
  });
  const add = document.querySelector('main .btn-primary');
  if (add && shown(add)) {
    const a = add.getBoundingClientRect();
    const hit = document.elementFromPoint(a.left + a.width / 2, a.top + a.height / 2);
    if (!hit || !add.contains(hit)) {
      blocked.push({ control: nameOf(add), by: (hit?.textContent ?? '').slice(0, 60) });
    }
  }
  return blocked;
}

const TEAMS = ['north', 'south', 'east', 'west', 'inner', 'outer', 'upper', 'lower'];

describe('the console’s frame in every language and size', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
    const page = await browser.newPage({ viewport });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    return page;
  }

  it('when the sidebar is read in any of the five languages on a laptop or a phone, then every name shows whole inside its entry, a group’s name keeps a gap before its chevron (German “Benutzerverwaltung” included), and a tap on a name on the phone leads there and closes the drawer', async () => {
    for (const viewport of [LAPTOP, PHONE]) {
      const page = await signedIn(viewport);
      for (const lng of LANGUAGES) {
        await page.goto(`${server.url}/users?lng=${lng}`);
        await page.locator('h1').first().waitFor();
        if (viewport === PHONE) {
          await page.locator('.header-toggler').click();
          await page.locator('.sidebar.show').waitFor();
        }
        const where = `${lng}, ${viewport.width} px`;
        const entries = await page.evaluate(sidebarEntries);
        expect(entries.length, where).toBeGreaterThan(10);
        expect(
          entries.filter((e) => e.cut || e.spills).map((e) => e.name),
          where,
        ).toEqual([]);
        const groups = entries.filter((e) => e.gapToChevron !== null);
        expect(groups.length, where).toBeGreaterThanOrEqual(3);
        for (const group of groups) {
          expect(group.gapToChevron, `${where}: ${group.name}`).toBeGreaterThanOrEqual(4);
        }
        if (lng === 'de') {
          expect(entries.map((e) => e.name)).toContain('Benutzerverwaltung');
        }
      }
      if (viewport === PHONE) {
        // A tap on an entry's name still leads there and closes the drawer.
        await page.goto(`${server.url}/users?lng=en`);
        await page.locator('.header-toggler').click();
        await page.locator('.sidebar.show').waitFor();
        await page.locator('.sidebar-nav .nav-label', { hasText: 'Roles' }).click();
        await page.waitForURL((u) => u.pathname === '/roles');
        await page.locator('.sidebar.show').waitFor({ state: 'detached' });
      }
      await page.close();
    }
  });

  it('when the SOP list shows an SOP on a laptop or a phone, in any of the five languages, then all five of its actions (View, References, Generate checklist, Files, Archive) are in sight, whole and uncovered, and Generate checklist opens the checklist form', async () => {
    const page = await signedIn(LAPTOP);
    await page.goto(`${server.url}/sop-repository/upload`);
    await page.getByLabel('Department').selectOption({ label: 'General' });
    await page.getByLabel('New client (first name)').fill('Acme Logistics International');
    await page.getByRole('button', { name: 'Add client' }).click();
    await expect.poll(() => page.getByLabel('Client', { exact: true }).inputValue()).not.toBe('');
    await page.getByLabel('Industry').fill('Retail');
    await page.getByLabel('Product type').fill('Chilled textiles');
    await page.getByLabel('SOP files (pdf or docx)').setInputFiles({
      name: 'export-sop-ocean-freight.pdf',
      mimeType: 'application/pdf',
      buffer: sopPdf(),
    });
    await page
      .getByLabel('Reference files')
      .setInputFiles({ name: 'packing-guide.pdf', mimeType: 'application/pdf', buffer: sopPdf() });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'SOPs uploaded: 1.' }).waitFor();

    for (const viewport of [LAPTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const lng of LANGUAGES) {
        await page.goto(`${server.url}/sop-repository?lng=${lng}`);
        const row = page.getByTestId('sop-row').first();
        await row.waitFor();
        const where = `${lng}, ${viewport.width} px`;
        expect(await row.locator('td:last-child .btn').count(), where).toBe(5);
        expect(await row.evaluate(hiddenRowActions), where).toEqual([]);
      }
    }
    await page.goto(`${server.url}/sop-repository?lng=en`);
    await page
      .getByTestId('sop-row')
      .first()
      .getByRole('link', { name: 'Generate checklist' })
      .click();
    await page.getByRole('button', { name: 'Generate checklist' }).waitFor();
    await page.close();
  });

  it('when four things are deleted in a row on a laptop or a phone, in English or Arabic, then three toasts show at most, and none lies over the header’s menu toggle, theme, language or user menu, nor over the middle of the page’s Add button', async () => {
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    for (const viewport of [LAPTOP, PHONE]) {
      for (const lng of ['en', 'ar']) {
        const names = TEAMS.slice(0, 4).map(
          (team) =>
            `Harbour ${team} ${viewport.width === 390 ? 'phone' : 'laptop'} ${lng === 'ar' ? 'arabic' : 'english'}`,
        );
        for (const name of names) {
          const created = await api(server, 'POST', '/departments', { token, body: { name } });
          expect(created.status).toBe(201);
        }
        const page = await signedIn(viewport);
        await page.goto(`${server.url}/department?lng=${lng}`);
        for (const name of names) {
          const row = page.getByRole('row').filter({ hasText: name });
          await row.locator('.btn-outline-danger').click();
          const dialog = page.getByRole('dialog');
          await dialog.locator('.btn-danger').click();
          await dialog.waitFor({ state: 'hidden' });
          await row.waitFor({ state: 'detached' });
        }
        const where = `${lng}, ${viewport.width} px`;
        const toasts = page.locator('.toast');
        await expect.poll(() => toasts.count(), { message: where }).toBe(3);
        // The newest three: the last deleted department's toast is among them, the first's is not.
        expect(await toasts.allTextContents(), where).toEqual(
          expect.arrayContaining([expect.stringContaining(names[3])]),
        );
        expect((await toasts.allTextContents()).join(' '), where).not.toContain(names[0]);
        // The confirmation dialog gone for good (it fades out), so only toasts may lie over things.
        await expect
          .poll(() => page.locator('.modal, .modal-backdrop').count(), { message: where })
          .toBe(0);
        // At the top, where the Add button is: deleting rows may have moved the page (focus).
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        expect(await page.evaluate(controlsUnderToasts), where).toEqual([]);
        await page.close();
      }
    }
  });
});

/**
 * Every screen of the screen table, as a person sees it at a desk (1366×768) and on a phone
 * (390×844), in the light and the dark theme, in English and in Arabic (right to left): the page
 * never scrolls sideways, no control's words are cut off, every text meets WCAG's contrast, the
 * console stays quiet (no error, no warning, Chromium's unused-preload notices included) and axe
 * finds nothing serious. A failure names the screen, the look and the element, with a screenshot.
 *
 * Speed: one server and one browser; one page per look, which loads one screen signed out and
 * one signed in from the address bar, moves between the others inside the app (as the menu does)
 * and checks each screen in one evaluate; four looks run side by side. axe takes about as long as everything else together, so it runs in two looks that
 * between them cover both widths, themes and directions: English light 1366 and Arabic dark 390.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/app/screens';
import { launchBrowser, type BrowserSession } from './support/browser';
import { auditScreen } from './support/screen-audit';
import { createSceneRecords, sceneEnv, type SceneRecords } from './support/screen-scene';
import { startServer, type RunningServer } from './support/server';

type ScreenKey = keyof typeof paths;
type Session = 'guest' | 'admin';

interface Visit {
  session: Session;
  path: (r: SceneRecords) => string;
}

const fill = (pattern: string, values: Record<string, string | number>) =>
  pattern
    .replace(/:(\w+)\?/g, (_, k: string) => (values[k] === undefined ? '' : String(values[k])))
    .replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(values[k])))
    .replace(/\/$/, '');
const as =
  (key: ScreenKey, values: (r: SceneRecords) => Record<string, string | number> = () => ({})) =>
  (r: SceneRecords) =>
    fill(paths[key], values(r));
const admin = (key: ScreenKey, values?: (r: SceneRecords) => Record<string, string | number>) => ({
  session: 'admin' as const,
  path: as(key, values),
});
const guest = (key: ScreenKey) => ({ session: 'guest' as const, path: as(key) });

/**
 * How each screen is opened. A Record over the table's keys: a screen added to the table without
 * a way to open it here fails the type check.
 */
const visits: Record<ScreenKey, Visit> = {
  login: guest('login'),
  signup: guest('signup'),
  verify: guest('verify'),
  resetPassword: guest('resetPassword'),
  forbidden: guest('forbidden'),
  notFound: guest('notFound'),
  dashboard: admin('dashboard'),
  chat: admin('chat'),
  profile: admin('profile'),
  changePassword: admin('changePassword'),
  upload: admin('upload'),
  repository: admin('repository'),
  analytics: admin('analytics'),
  sentiment: admin('sentiment'),
  helpdesk: admin('helpdesk'),
  sop: admin('sop'),
  sopChecklists: admin('sopChecklists', (r) => ({ id: r.checklistId })),
  sopGenerate: admin('sopGenerate', (r) => ({ id: r.sopId })),
  sopArchive: admin('sopArchive'),
  sopUpload: admin('sopUpload'),
  sopArchiveUpload: admin('sopArchiveUpload', (r) => ({ id: r.sopId })),
  checklistView: admin('checklistView', (r) => ({ id: r.checklistId })),
  users: admin('users'),
  addUser: admin('addUser'),
  editUser: admin('editUser', (r) => ({ user_id: r.userId })),
  viewUser: admin('viewUser', (r) => ({ id: r.userId })),
  departments: admin('departments'),
  addDepartment: admin('addDepartment'),
  updateDepartment: {
    session: 'admin',
    path: (r) => `${paths.updateDepartment}?id=${r.departmentId}`,
  },
  viewDepartment: { session: 'admin', path: (r) => `${paths.viewDepartment}?id=${r.departmentId}` },
  roles: admin('roles'),
  addRole: admin('addRole'),
  updateRole: admin('updateRole', (r) => ({ id: r.roleId })),
  viewRole: admin('viewRole', (r) => ({ id: r.roleId })),
  integrations: admin('integrations'),
  serviceAgents: admin('serviceAgents'),
  viewServiceAgent: admin('viewServiceAgent', (r) => ({ Client_id: r.widgetKey })),
  editServiceAgent: admin('editServiceAgent', (r) => ({ Client_id: r.widgetKey })),
  addServiceAgent: admin('addServiceAgent'),
  helpdeskIntegration: admin('helpdeskIntegration'),
  updateHelpdesk: admin('updateHelpdesk', (r) => ({ id: r.helpdeskId })),
  addHelpdesk: admin('addHelpdesk'),
  editHelpdesk: admin('editHelpdesk'),
  emailAgents: admin('emailAgents'),
  addEmailAgent: admin('addEmailAgent'),
  emailInbox: admin('emailInbox', (r) => ({ id: r.mailboxId })),
  emailDrafts: admin('emailDrafts', (r) => ({ id: r.mailboxId })),
  emailSent: admin('emailSent', (r) => ({ id: r.mailboxId })),
  updateEmailAgent: admin('updateEmailAgent', (r) => ({ id: r.mailboxId })),
  viewEmailAgent: admin('viewEmailAgent', (r) => ({ id: r.mailboxId })),
  emailCompose: { session: 'admin', path: (r) => `${paths.emailCompose}?account=${r.mailboxId}` },
  databases: admin('databases'),
  addDatabase: admin('addDatabase'),
  viewDatabase: admin('viewDatabase', (r) => ({ id: r.databaseId })),
  apiIntegration: admin('apiIntegration'),
};

/**
 * Findings a screen cannot lose for a reason outside the console's own code, each with that
 * reason. Matched against "screen look: kind: what".
 */
const knownExceptions: { pattern: RegExp; reason: string }[] = [];

interface Look {
  lng: 'en' | 'ar';
  theme: 'light' | 'dark';
  width: 1366 | 390;
  axe: boolean;
  /** The screens loaded from the address bar (the others are reached inside the app). */
  entries: { guest: ScreenKey; admin: ScreenKey };
}
/**
 * A page loaded from the address bar preloads its first screen's code and translations
 * (public/preload-locales.js); Chromium warns when one goes unused. The looks take turns on the
 * screens whose preloads differ: sign-in, sign-up, the dashboard and any other screen.
 */
const entries: Look['entries'][] = [
  { guest: 'login', admin: 'dashboard' },
  { guest: 'signup', admin: 'users' },
];
const looks: Look[] = [];
for (const lng of ['en', 'ar'] as const)
  for (const theme of ['light', 'dark'] as const)
    for (const width of [1366, 390] as const)
      looks.push({
        lng,
        theme,
        width,
        axe:
          (lng === 'en' && theme === 'light' && width === 1366) ||
          (lng === 'ar' && theme === 'dark' && width === 390),
        entries: entries[looks.length % entries.length],
      });
// The looks with axe take twice as long: started first, they do not finish alone at the end.
looks.sort((a, b) => Number(b.axe) - Number(a.axe));
const lookName = (l: Look) => `${l.lng}-${l.theme}-${l.width}`;
const height = (width: number) => (width === 390 ? 844 : 768);

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

async function seriousAxe(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async (source) => {
    const w = window as unknown as {
      axe?: { run: (o: object) => Promise<{ violations: unknown[] }> };
    };
    // Injected once per page: the app stays loaded between screens.
    if (!w.axe) (0, eval)(source);
    return (await w.axe!.run({ resultTypes: ['violations'] })).violations;
  }, axeSource);
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `axe ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`,
    );
}

/** Requests in flight, counted from the browser's side. */
function trackRequests(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (d: number) => {
    inFlight += d;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async (quietMs = 150, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (inFlight <= 0 && Date.now() - lastChange >= quietMs) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
}

/** Moves inside the app as its links do (history + popstate), without reloading it. */
async function moveTo(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** The screen has arrived: its address, its heading, no spinner, fonts drawn. */
async function settled(page: Page, path: string, quiet: () => Promise<void>) {
  const pathname = new URL(path, 'http://x').pathname;
  await page.waitForFunction(
    (p) =>
      decodeURIComponent(location.pathname) === decodeURIComponent(p) &&
      document.querySelector('h1')?.textContent?.trim() &&
      !document.querySelector('.spinner-border:not([aria-hidden="true"] *), .placeholder-glow'),
    pathname,
  );
  await quiet();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Looks run side by side, LOOKS_AT_ONCE at a time: most of a screen's time is spent waiting for
 * its answers and its code, so a few pages share the two cores well.
 */
const LOOKS_AT_ONCE = 4;
function slots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    take: () =>
      free > 0 ? Promise.resolve(void free--) : new Promise<void>((r) => waiting.push(r)),
    give: () => {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}
const lookSlots = slots(LOOKS_AT_ONCE);

describe('every screen, in every look', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let records: SceneRecords;
  const shots = mkdtempSync(join(tmpdir(), 'atrium-screens-'));

  beforeAll(async () => {
    const env = sceneEnv();
    server = await startServer(env);
    records = await createSceneRecords(server, env.DB_SOURCE_SQLITE_DIR);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when every screen of the table has a way to be opened, then none is left out', () => {
    expect(Object.keys(visits).sort()).toEqual(Object.keys(paths).sort());
  });

  for (const look of looks) {
    it.concurrent(
      `when the screens are opened in ${lookName(look)}, then none scrolls sideways, clips a control's words, lacks contrast, logs to the console${look.axe ? ' or fails axe' : ''}`,
      async ({ expect }) => {
        await lookSlots.take();
        try {
          expect(await openEveryScreen(look), `screenshots in ${shots}`).toEqual([]);
        } finally {
          lookSlots.give();
        }
      },
      240_000,
    );
  }

  /** Opens every screen in one look; its problems, one line each. */
  async function openEveryScreen(look: Look): Promise<string[]> {
    const name = lookName(look);
    const page = await browser.newPage({
      viewport: { width: look.width, height: height(look.width) },
      bypassCSP: look.axe,
      colorScheme: look.theme,
    });
    const quiet = trackRequests(page);
    let current = 'login';
    const problems: string[] = [];
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning')
        logged.push(`${current} ${name}: console ${m.type()}: ${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => logged.push(`${current} ${name}: page error: ${e.message}`));

    const check = async (key: string, path: string) => {
      current = key;
      try {
        await settled(page, path, quiet);
      } catch (e) {
        const shot = join(shots, `${key}-${name}.png`);
        await page.screenshot({ path: shot, fullPage: true });
        problems.push(
          `${key} ${name}: did not settle at ${path} (address ${page.url()}, no heading, or a spinner stayed): ${(e as Error).message.split('\n')[0]} (screenshot ${shot})`,
        );
        return;
      }
      const found = (await page.evaluate(auditScreen)).map((f) => `${f.kind}: ${f.what}`);
      if (look.axe) found.push(...(await seriousAxe(page)));
      const left = found.filter(
        (f) => !knownExceptions.some((x) => x.pattern.test(`${key} ${name}: ${f}`)),
      );
      if (left.length === 0) return;
      const shot = join(shots, `${key}-${name}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      problems.push(...left.map((f) => `${key} ${name}: ${f} (screenshot ${shot})`));
    };

    const plan = (Object.entries(visits) as [ScreenKey, Visit][]).map(([key, v]) => ({
      key,
      session: v.session,
      path: v.path(records),
    }));
    const inOrder = (session: Session, first: ScreenKey) =>
      plan
        .filter((s) => s.session === session)
        .sort((a, b) => Number(b.key === first) - Number(a.key === first));
    // Signed out: the first screen is loaded, the others reached inside the app.
    const guestFirst = paths[look.entries.guest];
    await page.goto(`${server.url}${guestFirst}?lng=${look.lng}&theme=${look.theme}`);
    for (const step of inOrder('guest', look.entries.guest)) {
      if (step.key !== look.entries.guest) await moveTo(page, step.path);
      await check(step.key, step.path);
    }
    // Signed in through the form (by field type: the labels are in the look's language).
    await moveTo(page, paths.login);
    await settled(page, paths.login, quiet);
    await page.locator('input[type=email]').fill(server.admin.email);
    await page.locator('input[type=password]').first().fill(server.admin.password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await settled(page, paths.dashboard, quiet);
    // Signed in: one screen loaded from the address bar, the others inside the app.
    const adminFirst = look.entries.admin;
    await page.goto(`${server.url}${paths[adminFirst]}`);
    for (const step of inOrder('admin', adminFirst)) {
      if (step.key !== adminFirst) await moveTo(page, step.path);
      await check(step.key, step.path);
    }
    // A chat widget's visitor: a session of its own, opened by the widget's key.
    await page.context().clearCookies();
    current = 'visitor chat';
    const host = encodeURIComponent(new URL(server.url).origin);
    await page.goto(`${server.url}/chat?key=${records.widgetKey}&host=${host}&lng=${look.lng}`);
    await check('visitor chat', paths.chat);

    await page.context().close();
    return [...problems, ...logged.filter((l) => !knownExceptions.some((x) => x.pattern.test(l)))];
  }
});

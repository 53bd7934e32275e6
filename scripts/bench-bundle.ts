/**
 * `npm run bench:bundle`: builds the SPA, then measures in Chromium what a first visit loads.
 * Prints the gzip size of every JS and CSS file /login loads on a first visit and their total,
 * and the same for /dashboard opened fresh after sign-in. Target: /login JS ≤ 120 KB gzip.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser';
import { startServer } from '../tests/support/server';

const LOGIN_JS_TARGET_KB = 120;

async function loadedAssets(page: Page, url: string, ready: () => Promise<unknown>) {
  const assets: { url: string; type: 'js' | 'css'; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    const type = path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : null;
    if (!type) return;
    pending.push(
      res.body().then((body) => {
        assets.push({ url: path, type, gzip: gzipSync(body, { level: 9 }).length });
      }),
    );
  });
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  page.removeAllListeners('response');
  return assets.sort((a, b) => b.gzip - a.gzip);
}

function report(title: string, assets: { url: string; type: string; gzip: number }[]) {
  console.log(`\n${title}`);
  for (const a of assets) console.log(`  ${(a.gzip / 1024).toFixed(1).padStart(7)} KB  ${a.url}`);
  const js = assets.filter((a) => a.type === 'js').reduce((s, a) => s + a.gzip, 0) / 1024;
  const css = assets.filter((a) => a.type === 'css').reduce((s, a) => s + a.gzip, 0) / 1024;
  console.log(`  total JS ${js.toFixed(1)} KB gzip, CSS ${css.toFixed(1)} KB gzip`);
  return js;
}

/** Builds scripts/bundle-floor (the bare runtime stack) and returns its JS in KB gzip. */
function stackFloorKb(): number {
  const outDir = mkdtempSync(join(tmpdir(), 'atrium-floor-'));
  try {
    const build = spawnSync(
      'npx',
      ['vite', 'build', 'scripts/bundle-floor', '--outDir', outDir, '--logLevel', 'error'],
      { stdio: 'inherit' },
    );
    if (build.status !== 0) throw new Error('the stack floor probe did not build');
    const assets = join(outDir, 'assets');
    // Only what the page loads at once: the entry, not the lazily imported fetch ponyfill.
    const entry = readdirSync(assets).find((f) => f.startsWith('index-') && f.endsWith('.js'));
    if (!entry) throw new Error('the stack floor probe has no entry chunk');
    return gzipSync(readFileSync(join(assets, entry)), { level: 9 }).length / 1024;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const loginJs = report(
      'First visit to /login (gzip, level 9):',
      await loadedAssets(page, `${server.url}/login`, () => page.getByLabel('Email').waitFor()),
    );
    await page.getByLabel('Email').fill(server.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');

    const cookies = await page.context().cookies();
    const fresh = await browser.newPage();
    await fresh.context().addCookies(cookies);
    report(
      '/dashboard opened fresh after sign-in (gzip, level 9):',
      await loadedAssets(fresh, `${server.url}/dashboard`, () =>
        fresh.getByRole('navigation', { name: 'Main menu' }).waitFor(),
      ),
    );
    const floor = stackFloorKb();
    console.log(
      `\nStack floor (react-dom + react-router data router + i18next, backend, detector; one translated heading): ${floor.toFixed(1)} KB gzip`,
    );
    const verdict = loginJs <= LOGIN_JS_TARGET_KB ? 'within' : 'OVER';
    console.log(
      `\n/login first-load JS: ${loginJs.toFixed(1)} KB gzip — ${verdict} the ${LOGIN_JS_TARGET_KB} KB target`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main();

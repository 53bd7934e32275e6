/**
 * `npm run bench:bundle`: builds the SPA, then measures in Chromium what a first visit loads.
 * Prints the gzip size of every JS and CSS file /login loads on a first visit and their total,
 * and the same for /dashboard opened fresh after sign-in, and whether every text response came
 * compressed. Then Lighthouse 12.8.2 (scripts/bench-lighthouse.ts) scores /login and /dashboard
 * (signed in) with its mobile and desktop presets from a cold cache, BENCH_LH_RUNS times each
 * (3 unless set; the median performance run is kept), with its performance score and its
 * cumulative layout shift (target 0). Every figure is printed with its target.
 * `-- --no-build` skips the build; `-- --no-lighthouse` skips the Lighthouse runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser';
import { type LighthouseFigures, medianLighthouse, type Preset } from './bench-lighthouse';
import { startServer } from '../tests/support/server';

const LOGIN_JS_TARGET_KB = 135;
const LOGIN_TRANSFER_TARGET_KB = 200;
const PERFORMANCE_TARGET: Record<Preset, number> = { mobile: 95, desktop: 100 };
const ACCESSIBILITY_TARGET = 100;
/** Nothing may move once drawn: the dashboard keeps the live figures' room before they arrive. */
const CLS_TARGET = 0;
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);

const TEXT_PATH = /\.(js|css|json|svg|html)$|^\/(login|dashboard)?$/;

async function loadedAssets(page: Page, url: string, ready: () => Promise<unknown>) {
  const assets: { url: string; type: 'js' | 'css'; gzip: number }[] = [];
  const uncompressed: string[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (TEXT_PATH.test(path) && !path.startsWith('/api/'))
      pending.push(
        res.allHeaders().then(async (headers) => {
          const size = (await res.body()).length;
          if (size >= 1024 && !headers['content-encoding']) uncompressed.push(path);
        }),
      );
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
  return { assets: assets.sort((a, b) => b.gzip - a.gzip), uncompressed };
}

function report(
  title: string,
  { assets, uncompressed }: Awaited<ReturnType<typeof loadedAssets>>,
): number {
  console.log(`\n${title}`);
  for (const a of assets) console.log(`  ${(a.gzip / 1024).toFixed(1).padStart(7)} KB  ${a.url}`);
  const js = assets.filter((a) => a.type === 'js').reduce((s, a) => s + a.gzip, 0) / 1024;
  const css = assets.filter((a) => a.type === 'css').reduce((s, a) => s + a.gzip, 0) / 1024;
  console.log(`  total JS ${js.toFixed(1)} KB gzip, CSS ${css.toFixed(1)} KB gzip`);
  console.log(
    uncompressed.length
      ? `  text responses of 1 KB or more sent UNCOMPRESSED: ${uncompressed.join(', ')}`
      : '  every text response of 1 KB or more came compressed',
  );
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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;

/** One line per figure with its target, so the verdicts can be read at a glance. */
function verdict(label: string, value: string, met: boolean, target: string): boolean {
  console.log(`  ${met ? 'met ' : 'MISS'}  ${label}: ${value} (target ${target})`);
  return met;
}

async function lighthouseFigures(server: Awaited<ReturnType<typeof startServer>>) {
  const results: { page: string; preset: Preset; figures: LighthouseFigures }[] = [];
  console.log(
    `\nLighthouse 12.8.2, simulated throttling, cold cache, median of ${LH_RUNS} run(s):`,
  );
  console.log(
    '  page        preset   perf  a11y    FCP      LCP      TBT      SI     CLS   transferred  requests  (perf of each run)',
  );
  for (const page of ['/login', '/dashboard'])
    for (const preset of ['mobile', 'desktop'] as const) {
      const signIn = page === '/dashboard' ? server.admin : undefined;
      const f = await medianLighthouse(`${server.url}${page}`, preset, LH_RUNS, signIn);
      results.push({ page, preset, figures: f });
      console.log(
        `  ${page.padEnd(11)} ${preset.padEnd(7)} ${String(f.performance).padStart(5)} ${String(
          f.accessibility,
        ).padStart(5)} ${ms(f.fcp).padStart(8)} ${ms(f.lcp).padStart(8)} ${`${Math.round(
          f.tbt,
        )} ms`.padStart(8)} ${ms(f.si).padStart(8)} ${f.cls.toFixed(3).padStart(6)} ${kb(
          f.transferred,
        ).padStart(12)} ${String(f.requests).padStart(9)}  (${f.scores.join(', ')})`,
      );
    }
  return results;
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  const server = await startServer();
  try {
    const browser = await launchBrowser();
    let loginJs: number;
    try {
      const page = await browser.newPage();
      loginJs = report(
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
    } finally {
      await browser.close();
    }
    const floor = stackFloorKb();
    console.log(
      `\nStack floor (react-dom + react-router data router + i18next, backend, detector; one translated heading): ${floor.toFixed(1)} KB gzip`,
    );

    const lh = process.argv.includes('--no-lighthouse') ? [] : await lighthouseFigures(server);

    console.log('\nTargets:');
    const met: boolean[] = [];
    met.push(
      verdict(
        '/login first-load JS',
        `${loginJs.toFixed(1)} KB gzip`,
        loginJs <= LOGIN_JS_TARGET_KB,
        `≤ ${LOGIN_JS_TARGET_KB} KB`,
      ),
    );
    const login = lh.find((r) => r.page === '/login' && r.preset === 'mobile');
    if (login)
      met.push(
        verdict(
          '/login bytes transferred',
          kb(login.figures.transferred),
          login.figures.transferred <= LOGIN_TRANSFER_TARGET_KB * 1024,
          `≤ ${LOGIN_TRANSFER_TARGET_KB} KB`,
        ),
      );
    for (const { page, preset, figures } of lh) {
      met.push(
        verdict(
          `${page} ${preset} performance`,
          String(figures.performance),
          figures.performance >= PERFORMANCE_TARGET[preset],
          `≥ ${PERFORMANCE_TARGET[preset]}`,
        ),
      );
      met.push(
        verdict(
          `${page} ${preset} cumulative layout shift`,
          figures.cls.toFixed(3),
          figures.cls <= CLS_TARGET,
          String(CLS_TARGET),
        ),
      );
      met.push(
        verdict(
          `${page} ${preset} accessibility`,
          String(figures.accessibility),
          figures.accessibility >= ACCESSIBILITY_TARGET,
          String(ACCESSIBILITY_TARGET),
        ),
      );
    }
    const missed = met.filter((m) => !m).length;
    console.log(missed ? `\n${missed} target(s) missed` : '\nEvery target met');
  } finally {
    await server.stop();
  }
}

void main();

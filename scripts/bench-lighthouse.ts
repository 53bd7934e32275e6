/**
 * Lighthouse 12.8.2 for `npm run bench:bundle`: scores a page of the served build in Debian's
 * Chromium, with Lighthouse's mobile or desktop preset and its simulated throttling, from a cold
 * cache. Each run gets a Chromium of its own with a fresh user-data-dir. For a signed-in page the
 * sign-in form is driven first in that same profile (playwright-core over CDP), then the HTTP
 * cache is cleared and Lighthouse runs without its storage reset, so the session cookies survive
 * and every asset still comes from the network. BENCH_LH_REPORTS=<dir> keeps the full reports.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../tests/support/browser';

export type Preset = 'mobile' | 'desktop';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  /** Milliseconds (CLS is unitless). */
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  /** Bytes transferred for the page's load (Lighthouse's total-byte-weight). */
  transferred: number;
  requests: number;
}

export interface SignIn {
  email: string;
  password: string;
}

interface RunningChromium {
  port: number;
  stop: () => Promise<void>;
}

/** Starts Chromium headless with a fresh profile and a DevTools port of its choosing. */
async function startChromium(): Promise<RunningChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'atrium-lh-profile-'));
  const child: ChildProcess = spawn(
    chromiumPath(),
    [
      '--headless=new',
      '--no-sandbox',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      'about:blank',
    ],
    // A process group of its own, so stopping it also ends the renderers it started.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code}:\n${output}`));
    });
  });
  return {
    port,
    stop: async () => {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in through the form in the browser's own profile, then empties its HTTP cache. */
async function signInThenClearCache(port: number, origin: string, user: SignIn): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Connected over CDP: this disconnects and leaves the browser (and its profile) running.
    await browser.close();
  }
}

/** One Lighthouse run of `url` with the preset, in a Chromium of its own. */
async function runOnce(url: string, preset: Preset, signIn?: SignIn): Promise<LighthouseFigures> {
  const browser = await startChromium();
  try {
    if (signIn) await signInThenClearCache(browser.port, new URL(url).origin, signIn);
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(
      url,
      {
        port: browser.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Signed in: keep the session cookies (the cache was cleared above).
        disableStorageReset: Boolean(signIn),
      },
      config,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} on ${url}`);
    // BENCH_LH_REPORTS=<dir> keeps each run's full Lighthouse report, to see where time goes.
    const reports = process.env.BENCH_LH_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '') || 'root'}-${preset}-${Date.now()}.json`;
      writeFileSync(join(reports, name), JSON.stringify(result.lhr, null, 1));
    }
    const { categories, audits } = result.lhr;
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const requests = audits['network-requests']?.details;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      si: value('speed-index'),
      cls: value('cumulative-layout-shift'),
      transferred: value('total-byte-weight'),
      requests: requests && requests.type === 'table' ? requests.items.length : Number.NaN,
    };
  } finally {
    await browser.stop();
  }
}

/**
 * One Lighthouse run; a run whose trace Lighthouse could not read (NO_NAVSTART and the like,
 * which happen now and then on a busy machine) is started again, up to twice.
 */
export async function runLighthouse(
  url: string,
  preset: Preset,
  signIn?: SignIn,
): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, preset, signIn);
    } catch (e) {
      if (attempt >= 3) throw e;
      console.log(`  (${(e as Error).message}; running it again)`);
    }
  }
}

/** Runs Lighthouse `runs` times and keeps the run with the median performance score. */
export async function medianLighthouse(
  url: string,
  preset: Preset,
  runs: number,
  signIn?: SignIn,
): Promise<LighthouseFigures & { scores: number[] }> {
  const all: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) all.push(await runLighthouse(url, preset, signIn));
  const sorted = [...all].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], scores: all.map((r) => r.performance) };
}

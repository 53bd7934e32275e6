/** Debian's Chromium driven by playwright-core (Playwright's own browser download is not used). */
import { execSync } from 'node:child_process';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', {
      shell: '/bin/sh',
    })
      .toString()
      .trim();
  } catch {
    throw new Error('Chromium not found: apt-get install -y chromium');
  }
}

export interface BrowserSession {
  browser: Browser;
  /** A page in a context of its own: no cookie or storage is shared with other pages. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  close: () => Promise<void>;
}

/** Playwright gives each launch a fresh, temporary user-data-dir. */
export async function launchBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const contexts: BrowserContext[] = [];
  return {
    browser,
    newPage: async (options = {}) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'en-US',
        ...options,
      });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      return context.newPage();
    },
    close: async () => {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
    },
  };
}

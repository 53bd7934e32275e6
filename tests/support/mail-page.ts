/** What the e-mail agent's browser tests look at beyond the screens' own texts. */
import type { Page } from 'playwright-core';

/** HTML mail whose scripts, were any to run, would tell the console's page (the frame's parent). */
export const hostileMail = (pixel: string) => `<p>Hello <b>there</b></p>
<script>parent.postMessage('mail-script-ran', '*')</script>
<img src="x" onerror="parent.postMessage('mail-script-ran', '*')">
<img src="${pixel}" alt="pixel">`;

/** Records every message posted to the console's own page, from its first load on. */
export async function recordPostedMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const posted: unknown[] = [];
    Object.assign(window, { __posted: posted });
    window.addEventListener('message', (event) => posted.push(event.data));
  });
}

/** What was posted to the console's page so far. */
export const postedTo = (page: Page) =>
  page.evaluate(() => (window as unknown as { __posted: unknown[] }).__posted);

/** The value shown beside a label of a details list. */
export const detail = (page: Page, label: string) =>
  page.locator(`dt:text-is("${label}")`).locator('xpath=following-sibling::dd[1]').innerText();

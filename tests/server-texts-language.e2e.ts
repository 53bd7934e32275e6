/**
 * A German administrator meets no English from the server: the built-in model's name, the
 * "nothing found" answer, a cited workbook's pdf layout, a refused web address and a new widget's
 * welcome are German; then in
 * Arabic an English conversation title shows its start and an English question keeps its "?"
 * at its end. Expected texts come from the locale files, so the test follows their wording.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../server/test-support/pdf-text';
import { apiLogin } from './support/accounts';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { uploadReady } from './support/uploads';

type Tree = { [key: string]: string | Tree };

/** The text at `ns:a.b` in `lng`, with `{{name}}` filled from `values`. */
function text(lng: string, key: string, values: Record<string, string> = {}): string {
  const [ns, path] = key.split(':');
  let node: string | Tree = JSON.parse(
    readFileSync(join(process.cwd(), 'public', 'locales', lng, `${ns}.json`), 'utf8'),
  ) as Tree;
  for (const part of path.split('.')) node = (node as Tree)[part];
  return (node as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const de = (key: string, values?: Record<string, string>) => text('de', key, values);

/** An English question long enough that the conversation list cuts its title. */
const QUESTION = 'What is the capital city of Mars and who founded its first northern settlement?';

async function signInAs(page: Page, server: RunningServer, lng: string) {
  await page.goto(`${server.url}/login?lng=${lng}`);
  await page.locator('input[type=email]').fill(server.admin.email);
  await page.locator('input[type=password]').first().fill(server.admin.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

describe('server texts in the reader’s language', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    // No language model and no URL_FETCH_ALLOW: the built-in engine answers, loopback is closed.
    server = await startServer();
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    await uploadReady(server, token, {
      name: 'tides.csv',
      type: 'text/csv',
      bytes: Buffer.from(
        'Hafen,Gezeiten\nOslo,Hochwasser um 06:10\nBergen,Niedrigwasser um 07:45\n',
      ),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when the console is German, then the model, a nothing-found answer, a cited csv’s reference and pdf layout, a refused address and a new widget’s welcome are German; in Arabic an English title shows its start', async () => {
    const page = await browser.newPage();
    await signInAs(page, server, 'de');

    // The assistant: the built-in engine's name and "nothing found" in German.
    await page.goto(`${server.url}/chat`);
    const model = page.getByLabel(de('chat:settings.model'));
    await expect
      .poll(() => model.locator('option:checked').innerText(), { timeout: 15_000 })
      .toBe(de('chat:models.builtin'));
    await page.getByLabel(de('chat:composer.label')).fill(QUESTION);
    await page.getByRole('button', { name: de('chat:composer.send') }).click();
    const answer = page.locator('[data-testid="chat-message"][data-sender="server"]').last();
    await expect
      .poll(() => answer.innerText(), { timeout: 30_000 })
      .toContain(de('chat:answerTexts.noAnswer'));
    const shown = await answer.innerText();
    expect(shown).toContain(de('chat:models.builtin'));
    expect(shown).not.toContain('I could not find');
    expect(shown).not.toContain('Built-in extractive');

    // A cited workbook opens as a pdf whose own headings (its rows) are German too.
    await page.getByLabel(de('chat:composer.label')).fill('Welche Gezeiten hat Bergen?');
    await page.getByRole('button', { name: de('chat:composer.send') }).click();
    const cited = page.locator('[data-testid="chat-message"][data-sender="server"]').last();
    const open = cited.getByRole('button', { name: /tides\.csv/ }).first();
    await open.waitFor({ timeout: 30_000 });
    // A csv has no sheets: its reference names only the rows.
    const where = await cited.getByTestId('chat-reference').first().innerText();
    expect(where).toMatch(new RegExp(de('chat:references.rows', { from: '\\d', to: '\\d' })));
    expect(where).not.toContain(de('chat:references.sheet', { sheet: 'csv' }));
    const [pdf] = await Promise.all([
      page.waitForResponse((r) => /\/api\/download\/\d+\?/.test(r.url())),
      open.click(),
    ]);
    expect(new URL(pdf.url()).searchParams.get('lng')).toBe('de');
    // The page keeps the blob to itself, so the same call is made again with the page's headers.
    const again = await fetch(pdf.url(), { headers: await pdf.request().allHeaders() });
    expect(again.headers.get('content-type')).toBe('application/pdf');
    const layout = await pdfText(Buffer.from(await again.arrayBuffer()));
    expect(layout).toContain(de('chat:sourceLayout.row', { row: '2' }));
    expect(layout).not.toMatch(/\bRow \d/);

    // Knowledge: a loopback web address is refused in German words.
    await page.goto(`${server.url}/upload?type=urls`);
    await page.getByLabel(de('knowledge:urls.label')).fill('http://127.0.0.1:9/intern');
    await page.getByRole('button', { name: de('knowledge:urls.submit') }).click();
    // Every address refused: the alert names the first one's reason.
    const alerts = async () => (await page.getByRole('alert').allInnerTexts()).join('\n');
    await expect.poll(alerts, { timeout: 15_000 }).toContain(
      de('errors:webAddress.refused', {
        origin: 'http://127.0.0.1:9',
        range: de('errors:addressRanges.loopback'),
      }),
    );
    expect(await alerts()).not.toContain('resolves to');

    // A new chat widget's welcome is prefilled in the administrator's language.
    await page.goto(`${server.url}/integration/chatbot/add-chatbot`);
    await expect
      .poll(() => page.getByLabel(de('service-agent:fields.welcomeMessage')).inputValue(), {
        timeout: 15_000,
      })
      .toBe(de('common:widgetWelcome'));
    await page.close();

    // Arabic: the English title, too long for the list, is cut at its end, so its start shows.
    const ar = await browser.newPage();
    await signInAs(ar, server, 'ar');
    await ar.goto(`${server.url}/chat`);
    const title = ar.locator('.chat-conversation-open span[dir="auto"]').first();
    await title.waitFor();
    const placement = await title.evaluate((el) => {
      const range = document.createRange();
      const first = el.firstChild as Text;
      range.setStart(first, 0);
      range.setEnd(first, 1);
      const letter = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return {
        direction: getComputedStyle(el).direction,
        cut: el.scrollWidth > el.clientWidth,
        firstLetterInside: letter.left >= box.left - 1 && letter.right <= box.right + 1,
      };
    });
    expect(placement).toEqual({ direction: 'ltr', cut: true, firstLetterInside: true });
    await ar.close();
  });
});

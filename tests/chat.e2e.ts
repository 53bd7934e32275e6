/**
 * Issue 6 as a person does it: ask about an uploaded pdf and see the answer with its reference,
 * open the cited source beside the conversation, click a recommended question, give feedback,
 * ask for a chart of an uploaded csv, stop a pending answer of a (local, fake) language model,
 * then reload and reopen the conversation. The page keeps the real Content-Security-Policy.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../server/test-support/fake-llm';
import { apiLogin } from './support/accounts';
import { signIn } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import {
  HARBOUR_QUESTION as QUESTION,
  harbourHandbook as handbook,
} from './support/harbour-handbook';
import { startServer, type RunningServer } from './support/server';
import { uploadReady } from './support/uploads';

const BUILTIN = 'atrium-extractive';

const sales = Buffer.from('region,revenue\nNorth,420\nSouth,310\nEast,275\nWest,198\n', 'utf8');

const answers = (page: Page) => page.locator('[data-testid="chat-message"][data-sender="server"]');

async function ask(page: Page, question: string) {
  await page.getByLabel('Your question').fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Waits until nothing is pending (the Send button is back). */
async function settled(page: Page) {
  await page.getByRole('button', { name: 'Send' }).waitFor();
}

describe('knowledge assistant', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let fake: FakeLlm;
  let page: Page;
  const cspViolations: string[] = [];

  beforeAll(async () => {
    fake = await startFakeLlm();
    // The language model fails unless a step asks otherwise: answers come from the built-in
    // engine, and chart specs fall back to the built-in chart.
    fake.behave = () => ({ kind: 'error', status: 503, message: 'offline' });
    server = await startServer({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'fake-key' });
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    await uploadReady(server, token, {
      name: 'quillonby-handbook.pdf',
      type: 'application/pdf',
      bytes: handbook,
    });
    await uploadReady(server, token, {
      name: 'regional-sales.csv',
      type: 'text/csv',
      bytes: sales,
    });
    browser = await launchBrowser();
    page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
    await signIn(page, server.url, server.admin.email, server.admin.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it('when a question about the pdf is asked, then the answer states the fact and cites the document and page', async () => {
    await page.goto(`${server.url}/chat`);
    await page.getByRole('heading', { level: 1, name: 'Knowledge assistant' }).waitFor();
    const model = page.getByLabel('Model');
    // The select is enabled once GET /chat/models has answered.
    await expect.poll(() => model.isEnabled()).toBe(true);
    await expect(model.inputValue()).resolves.toBe('gpt-4o');
    const labels = await model.locator('option').allInnerTexts();
    expect(labels.some((l) => /built-in/i.test(l))).toBe(true);
    await model.selectOption(BUILTIN);
    await page.getByRole('checkbox', { name: 'Recommendations' }).check();

    await ask(page, QUESTION);
    const answer = answers(page).first();
    await answer.getByText(/07:15/).first().waitFor();
    const reference = answer
      .getByTestId('chat-reference')
      .filter({ hasText: 'quillonby-handbook.pdf' });
    await reference.first().waitFor();
    await expect(reference.first().innerText()).resolves.toContain('page 2');
    await expect(answer.innerText()).resolves.toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)/);
    await settled(page);
  });

  it('when the cited source is opened, then the pdf shows beside the conversation at that page', async () => {
    await answers(page)
      .first()
      .getByRole('button', { name: /^Open source \[\d+\] quillonby-handbook\.pdf$/ })
      .first()
      .click();
    const frame = page.getByTitle('Source document quillonby-handbook.pdf');
    await frame.waitFor();
    await expect(frame.getAttribute('src')).resolves.toMatch(
      /^blob:http:\/\/127\.0\.0\.1:\d+\/.+#page=2$/,
    );
    await page.getByRole('heading', { name: 'quillonby-handbook.pdf, page 2' }).waitFor();
    // The frame really loaded the blob (a refused frame stays on about:blank or an error page).
    await expect
      .poll(() => page.frames().some((f) => f.url().startsWith('blob:')), { timeout: 10_000 })
      .toBe(true);
    expect(cspViolations).toEqual([]);
  });

  it('when a recommended question is clicked, then it is asked and answered in the same conversation', async () => {
    const chips = page.getByRole('region', { name: 'Recommended questions' });
    const first = chips.getByRole('button').first();
    await first.waitFor();
    const text = (await first.innerText()).trim();
    expect(text.length).toBeGreaterThan(3);
    await first.click();
    await page
      .locator('[data-testid="chat-message"][data-sender="user"]')
      .filter({ hasText: text })
      .waitFor();
    await expect.poll(() => answers(page).count()).toBe(2);
    await settled(page);
    await expect(answers(page).nth(1).getByText('Message sending cancelled').count()).resolves.toBe(
      0,
    );
  });

  it('when feedback is given on the first answer, then it is sent and shown as the current rating', async () => {
    const first = answers(page).first();
    await first.getByRole('button', { name: 'Helpful', exact: true }).click();
    await first.getByLabel('Comment (optional)').fill('Exactly what I needed');
    await first.getByRole('button', { name: 'Send feedback' }).click();
    await first.getByText('You rated this answer helpful.', { exact: false }).waitFor();
    await expect(
      first.getByRole('button', { name: 'Helpful', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
  });

  it('when a chart of the uploaded csv is asked for, then the chart image is shown with a download', async () => {
    await ask(page, 'Show a bar chart of revenue by region');
    const chart = page.getByRole('img', { name: /^Chart of .*revenue.* from regional-sales\.csv/ });
    await chart.waitFor({ timeout: 60_000 });
    await expect(chart.getAttribute('src')).resolves.toMatch(/^blob:/);
    await expect
      .poll(() => chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const download = page.getByRole('link', { name: 'Download chart' }).last();
    await expect(download.getAttribute('download')).resolves.toMatch(/\.svg$/);
    await settled(page);
    expect(cspViolations).toEqual([]);
  });

  it('when Stop is pressed while the language model is still writing, then Message sending cancelled is shown and the server stops the model', async () => {
    fake.behave = () => ({ kind: 'endless', everyMs: 150 });
    const before = fake.requests.length;
    await page.getByLabel('Model').selectOption('gpt-4o');
    await ask(page, 'Summarise the Quillonby harbour rules');
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    // The answer's own streamed request: the sentiment recorder also calls the model once the
    // turn is stored, so the last request to the fake is not necessarily this one.
    const answering = () =>
      fake.requests
        .slice(before)
        .find(
          (r) =>
            r.body.stream &&
            r.body.messages.some((m) => m.content.includes('Quillonby harbour rules')),
        );
    // Wait for the stream to have begun, so the stop cuts a live generation.
    await expect.poll(() => answering() !== undefined).toBe(true);
    await page.getByRole('button', { name: 'Stop' }).click();
    await answers(page).last().getByText('Message sending cancelled').waitFor();
    const upstream = answering()!;
    await Promise.race([upstream.closed, new Promise((r) => setTimeout(r, 10_000))]);
    expect(upstream.closedEarly).toBe(true);
    fake.behave = () => ({ kind: 'error', status: 503, message: 'offline' });
    await page.getByLabel('Model').selectOption(BUILTIN);
    await settled(page);
  });

  it('when the page is reloaded and the conversation reopened, then its questions, answers and feedback are back', async () => {
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Knowledge assistant' }).waitFor();
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await list.getByRole('button', { name: `Open conversation ${QUESTION}` }).click();
    await page
      .locator('[data-testid="chat-message"][data-sender="user"]')
      .filter({ hasText: QUESTION })
      .waitFor();
    const first = answers(page).first();
    await first.getByText(/07:15/).first().waitFor();
    await expect(
      first.getByRole('button', { name: 'Helpful', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await first.getByText(/Your comment: Exactly what I needed/).waitFor();
    expect(await answers(page).count()).toBeGreaterThanOrEqual(3);
    expect(cspViolations).toEqual([]);
  });
});

/**
 * Issue 13 as people do it. An administrator creates a chat widget through the form and copies
 * its snippet from the widget's page. A customer's page on another site (127.0.0.2, its own
 * strict CSP) pastes the snippet: the visitor opens the launcher, reads the welcome, asks about
 * an uploaded document and gets the answer with its reference, rates it, and finds the
 * conversation again after reloading the page; on a phone-sized screen the chat fills it. The
 * same snippet on a site that is not allowed (127.0.0.3) shows nothing. Switched off in the
 * list, the widget tells its visitors so.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './support/accounts';
import { signIn } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { seriousViolations } from './support/axe';
import { serveHostPage, type HostPage } from './support/host-page';
import {
  HARBOUR_QUESTION as QUESTION,
  harbourHandbook as handbook,
} from './support/harbour-handbook';
import { startServer, type RunningServer } from './support/server';
import { uploadReady } from './support/uploads';

const WIDGET = 'Pier desk';
const WELCOME = 'Ahoy! Ask me anything about the Quillonby harbour.';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

const widgetFrame = (page: Page): FrameLocator => page.frameLocator('atrium-chat-widget iframe');

async function openWidget(page: Page, host: HostPage): Promise<FrameLocator> {
  await page.goto(`${host.origin}/`);
  await page.getByRole('button', { name: 'Chat' }).click();
  return widgetFrame(page);
}

async function ask(frame: FrameLocator, question: string) {
  await frame.getByLabel('Your question').fill(question);
  await frame.getByRole('button', { name: 'Send' }).click();
}

const answers = (frame: FrameLocator) =>
  frame.locator('[data-testid="chat-message"][data-sender="server"]');

describe('chat widget', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let allowed: HostPage;
  let elsewhere: HostPage;
  let admin: Page;
  let snippet = '';

  beforeAll(async () => {
    server = await startServer();
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    await uploadReady(server, token, {
      name: 'quillonby-handbook.pdf',
      type: 'application/pdf',
      bytes: handbook,
    });
    allowed = await serveHostPage('127.0.0.2');
    elsewhere = await serveHostPage('127.0.0.3');
    browser = await launchBrowser();
    admin = await browser.newPage();
    await signIn(admin, server.url, server.admin.email, server.admin.password);
  });
  afterAll(async () => {
    await browser?.close();
    await allowed?.close();
    await elsewhere?.close();
    await server?.stop();
  });

  it('when the administrator fills in the chatbot form, then the chatbot is created and its page shows the snippet', async () => {
    await admin.goto(`${server.url}/integration`);
    await admin.getByRole('link', { name: 'Chatbots' }).click();
    await admin.getByRole('link', { name: 'Add chatbot' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Add chatbot' }).waitFor();
    await admin.getByLabel('Name', { exact: true }).fill(WIDGET);
    await admin.getByRole('checkbox', { name: 'General' }).check();
    await admin.getByLabel('Allowed hosts').fill(`${allowed.host}\n*.harbour.example`);
    await admin.getByRole('textbox', { name: 'Background colour', exact: true }).fill('#0a5c36');
    await admin.getByLabel('Welcome message').fill(WELCOME);
    // The preview follows what is typed.
    const preview = admin.getByTestId('widget-preview');
    await expect(
      preview.getByText(WIDGET).evaluate((e) => getComputedStyle(e).backgroundColor),
    ).resolves.toBe('rgb(10, 92, 54)');
    await preview.getByText(WELCOME).waitFor();
    await admin.getByRole('button', { name: 'Create chatbot' }).click();

    await admin.getByRole('heading', { level: 1, name: `Chatbot ${WIDGET}` }).waitFor();
    expect(new URL(admin.url()).pathname).toMatch(
      /^\/integration\/chatbot\/view-chatbot\/[\w-]{32}$/,
    );
    snippet = (await admin.getByTestId('embed-snippet').innerText()).trim();
    expect(snippet).toMatch(
      new RegExp(
        `^<script src="${server.url}/widget\\.js" data-key="[\\w-]{32}" data-fg="#ffffff" data-bg="#0a5c36" async></script>$`,
      ),
    );
    allowed.body = snippet;
    elsewhere.body = snippet;

    await admin.goto(`${server.url}/integration/chatbot`);
    await admin.getByRole('link', { name: WIDGET, exact: true }).waitFor();
    await expect(
      admin.getByRole('checkbox', { name: `${WIDGET} is active` }).isChecked(),
    ).resolves.toBe(true);
  });

  it('when a visitor of the allowed site opens the widget and asks, then the welcome comes first and the answer cites the document', async () => {
    const page = await browser.newPage();
    const launcher = page.getByRole('button', { name: 'Chat' });
    const frame = await openWidget(page, allowed);
    await expect(launcher.evaluate((b) => getComputedStyle(b).backgroundColor)).resolves.toBe(
      'rgb(10, 92, 54)',
    );
    await frame.getByRole('heading', { level: 1, name: WIDGET }).waitFor();
    await expect(frame.getByTestId('visitor-welcome').innerText()).resolves.toBe(WELCOME);
    // The chat alone: no sidebar, no header menu.
    await expect(frame.getByRole('navigation', { name: 'Main menu' }).count()).resolves.toBe(0);

    await ask(frame, QUESTION);
    const answer = answers(frame).first();
    await answer.getByText(/07:15/).first().waitFor({ timeout: 30_000 });
    const reference = answer
      .getByTestId('chat-reference')
      .filter({ hasText: 'quillonby-handbook.pdf' });
    await expect(reference.first().innerText()).resolves.toContain('page 2');
    const log = frame.getByRole('log');
    await expect(log.locator('li').first().getAttribute('data-testid')).resolves.toBe(
      'visitor-welcome',
    );

    await answer.getByRole('button', { name: 'Helpful', exact: true }).click();
    await answer.getByText('Thank you for your feedback.').waitFor();

    // A reload of the page brings the conversation back (the page keeps the session).
    await page.reload();
    const again = await openWidget(page, allowed);
    await again.getByText(QUESTION).waitFor();
    await answers(again).first().getByText(/07:15/).first().waitFor();
    await expect(
      answers(again)
        .first()
        .getByRole('button', { name: 'Helpful', exact: true })
        .getAttribute('aria-pressed'),
    ).resolves.toBe('true');

    // The owner sees the conversation on the widget's page.
    await admin.getByRole('link', { name: WIDGET, exact: true }).click();
    const conversation = admin.getByTestId('visitor-conversation').first();
    await conversation
      .getByText(new RegExp(`${allowed.origin.replace(/\./g, '\\.')} · questions: 1`))
      .click();
    await conversation.getByText(QUESTION).waitFor();
    await page.close();
  });

  it('when a visitor on a phone opens the widget, then the chat fills the 360 px screen and works', async () => {
    const page = await browser.newPage({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const frame = await openWidget(page, allowed);
    await frame.getByTestId('visitor-welcome').waitFor();
    const box = await page.locator('atrium-chat-widget iframe').boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 360, height: 740 });
    const inner = page.frames().find((f) => f.url().includes('/chat')) as Frame;
    await expect(
      inner.evaluate(() => document.documentElement.scrollWidth),
    ).resolves.toBeLessThanOrEqual(360);
    await ask(frame, QUESTION);
    await answers(frame).first().getByText(/07:15/).first().waitFor({ timeout: 30_000 });
    // Its own close button gives the page back.
    await frame.getByRole('button', { name: 'Close the chat' }).click();
    await page.getByRole('button', { name: 'Chat' }).waitFor();
    await expect(page.locator('atrium-chat-widget iframe').isVisible()).resolves.toBe(false);
    await page.close();
  });

  it('when axe checks the chatbot screens and the visitor chat, then it finds no serious or critical violation', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await signIn(page, server.url, server.admin.email, server.admin.password);
    const key = /data-key="([^"]+)"/.exec(snippet)?.[1] ?? '';
    for (const path of [
      '/integration/chatbot',
      '/integration/chatbot/add-chatbot',
      `/integration/chatbot/view-chatbot/${key}`,
      `/integration/chatbot/edit-chatbot/${key}`,
    ]) {
      await page.goto(`${server.url}${path}`);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.close();

    const visitor = await browser.newPage({ bypassCSP: true });
    const frame = await openWidget(visitor, allowed);
    await frame.getByTestId('visitor-welcome').waitFor();
    await ask(frame, QUESTION);
    await answers(frame).first().getByText(/07:15/).first().waitFor({ timeout: 30_000 });
    const inner = visitor.frames().find((f) => f.url().includes('/chat')) as Frame;
    await inner.evaluate(axeSource);
    const violations = await inner.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } })
        .axe;
      return (await axe.run()).violations as { id: string; impact: string | null }[];
    });
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    await visitor.close();
  });

  it('when the same snippet is pasted on a site that is not allowed, then that page shows no launcher and no frame', async () => {
    const page = await browser.newPage();
    const notices: string[] = [];
    const chats: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'info' && /Atrium chat widget not shown/.test(m.text()))
        notices.push(m.text());
    });
    page.on('request', (r) => {
      if (/\/chat\?|\/login\?|\/api\//.test(r.url())) chats.push(r.url());
    });
    await page.goto(`${elsewhere.origin}/`);
    // The script asked first and was told no: it says so once, for the site's owner.
    await expect.poll(() => notices.length, { timeout: 15_000 }).toBe(1);
    expect(notices[0]).toContain(`${elsewhere.origin} is not among its allowed hosts`);
    await page.waitForTimeout(500);
    await expect(page.getByRole('button', { name: 'Chat' }).count()).resolves.toBe(0);
    await expect(page.locator('atrium-chat-widget').count()).resolves.toBe(0);
    await expect(page.locator('iframe').count()).resolves.toBe(0);
    expect(chats).toEqual([]);
    await page.getByRole('heading', { name: 'Harbour shop' }).waitFor();
    // And a page there calling the API itself is refused too.
    const key = /data-key="([^"]+)"/.exec(snippet)?.[1] ?? '';
    const res = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'x-api-key': server.apiKey, API_KEY: key, origin: elsewhere.origin },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('ORIGIN_NOT_ALLOWED');
    await page.close();
  });

  it('when the widget is switched off in the list, then a visitor of the allowed site reads that in the widget', async () => {
    await admin.goto(`${server.url}/integration/chatbot`);
    await admin.getByRole('checkbox', { name: `${WIDGET} is active` }).click();
    await admin.getByText(`The chatbot ${WIDGET} is switched off.`).waitFor();

    const page = await browser.newPage();
    const frame = await openWidget(page, allowed);
    await expect(frame.getByRole('alert').innerText()).resolves.toBe(
      'This chat is switched off at the moment. Please try again later.',
    );
    await expect(frame.getByLabel('Your question').count()).resolves.toBe(0);
    await page.close();
  });
});

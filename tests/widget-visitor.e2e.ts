/**
 * The chat widget as its visitors live with it, on a customer's page of another site
 * (127.0.0.2, strict CSP) with the snippet pasted: an answer quoting `<MIME>/packages/` reads
 * exactly that; when the documents have no answer the visitor reads visitor words, in English and
 * in French, and the question box invites a question; a conversation started in one tab is there
 * in a second tab of the same site, and no longer once the session's two hours are over.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './support/accounts';
import { launchBrowser, type BrowserSession } from './support/browser';
import { serveHostPage, type HostPage } from './support/host-page';
import { api, startServer, type RunningServer } from './support/server';
import { uploadReady } from './support/uploads';

const WELCOME = 'Welcome to the mirror desk.';
const QUESTION = 'Where does the mirror keep its packages?';
const QUOTED = 'three <MIME>/packages/ directories';
const UNANSWERED = 'What is the mooring fee for a sailing boat at the Tromsø pier?';
const UNANSWERED_FR =
  'Quel est le tarif d’amarrage pour un voilier au quai de Tromsø pendant la saison d’été ?';
const TWO_HOURS_LATER = 2 * 3600_000 + 60_000;

const mirrorNotes = Buffer.from(
  'topic,fact\n' +
    `storage,"The mirror keeps its packages in ${QUOTED} of the archive root."\n` +
    'schedule,"The mirror is synchronised every six hours from the main archive."\n',
);

const widgetFrame = (page: Page): FrameLocator => page.frameLocator('atrium-chat-widget iframe');
const answers = (frame: FrameLocator) =>
  frame.locator('[data-testid="chat-message"][data-sender="server"]');
const questionBox = (frame: FrameLocator) => frame.getByRole('textbox');
/** The answer's own text as the renderer drew it (its references' quotes apart). */
const answerText = (frame: FrameLocator) => answers(frame).first().locator('.chat-markdown');

async function openWidget(page: Page, host: HostPage): Promise<FrameLocator> {
  await page.goto(`${host.origin}/`);
  await page.getByRole('button', { name: 'Chat' }).click();
  const frame = widgetFrame(page);
  await frame.getByTestId('visitor-welcome').waitFor({ timeout: 30_000 });
  return frame;
}

async function ask(frame: FrameLocator, question: string) {
  await questionBox(frame).fill(question);
  await questionBox(frame).press('Enter');
}

describe('chat widget for its visitors', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let site: HostPage;
  let snippet = (_lang?: string) => '';

  beforeAll(async () => {
    server = await startServer();
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    await uploadReady(server, token, {
      name: 'mirror-notes.csv',
      type: 'text/csv',
      bytes: mirrorNotes,
    });
    site = await serveHostPage('127.0.0.2');
    const created = await api(server, 'POST', '/service-agent', {
      token,
      body: {
        client_name: 'Mirror desk',
        target_areas: [1],
        allowed_hosts: [site.host],
        welcome_message: WELCOME,
      },
    });
    expect(created.status).toBe(201);
    const key = (created.body as { client_id: string }).client_id;
    // The console's snippet, with the optional data-lang where a test wants another language.
    snippet = (lang) =>
      `<script src="${server.url}/widget.js" data-key="${key}" data-fg="#ffffff"` +
      ` data-bg="#0a5c36"${lang ? ` data-lang="${lang}"` : ''} async></script>`;
    site.body = snippet();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
  });

  it('when an answer quotes <MIME>/packages/, then the visitor reads it exactly as written', async () => {
    const page = await browser.newPage();
    const frame = await openWidget(page, site);
    await ask(frame, QUESTION);
    const answer = answerText(frame);
    await answer.getByText(QUOTED).waitFor({ timeout: 30_000 });
    await expect(answer.innerText()).resolves.toContain(`keeps its packages in ${QUOTED}`);
    // Text, not markup: nothing was made an element.
    await expect(answers(frame).first().locator('mime').count()).resolves.toBe(0);
    await page.close();
  });

  it('when the documents have no answer, then the visitor reads visitor words and the box invites a question, in English and in French', async () => {
    const page = await browser.newPage();
    let frame = await openWidget(page, site);
    await expect(questionBox(frame).getAttribute('placeholder')).resolves.toBe('Ask a question');
    await ask(frame, UNANSWERED);
    const answer = answers(frame).first();
    await answer
      .getByText("I'm sorry, I couldn't find an answer to that. Please try asking in other words.")
      .waitFor({ timeout: 30_000 });
    await expect(answer.innerText()).resolves.not.toMatch(/advanced search|multi-source/i);
    await page.close();

    site.body = snippet('fr');
    const french = await browser.newPage({ locale: 'fr-FR' });
    frame = await openWidget(french, site);
    await expect(questionBox(frame).getAttribute('placeholder')).resolves.toBe(
      'Posez une question',
    );
    await ask(frame, UNANSWERED_FR);
    await answers(frame)
      .first()
      .getByText(
        'Désolé, je n’ai pas trouvé de réponse à cela. Essayez de poser la question autrement.',
      )
      .waitFor({ timeout: 30_000 });
    site.body = snippet();
    await french.close();
  });

  it('when a conversation is started in one tab, then a second tab of the site shows it, and none does once the session is over', async () => {
    const first = await browser.newPage();
    let frame = await openWidget(first, site);
    await ask(frame, QUESTION);
    await answerText(frame).getByText(QUOTED).waitFor({ timeout: 30_000 });

    // Another tab of the same site, the same browser profile.
    const second = await first.context().newPage();
    frame = await openWidget(second, site);
    await frame.getByText(QUESTION).waitFor();
    await answerText(frame).getByText(QUOTED).waitFor();

    // Two hours later on the visitor's computer (the page's clock; the chat's frame keeps its
    // own): the session is over, and a new tab starts a conversation of its own.
    const later = await first.context().newPage();
    await later.addInitScript((shift: number) => {
      if (window.top !== window) return;
      const now = Date.now.bind(Date);
      Date.now = () => now() + shift;
    }, TWO_HOURS_LATER);
    frame = await openWidget(later, site);
    await expect(frame.getByText(QUESTION).count()).resolves.toBe(0);
    await expect(answers(frame).count()).resolves.toBe(0);
    await first.context().close();
  });
});

/**
 * A chat widget's visitor who asks for a person, as people do it. A customer's page (127.0.0.2,
 * its own strict CSP) embeds a French-speaking widget; the visitor asks, in French, to talk to an
 * adviser: the widget says a person will follow up and asks for an e-mail address, refuses a
 * wrong one, keeps the right one and says when the team received the request. The helpdesk's
 * webhook receiver (a real HTTP server on loopback) gets signed posts naming the widget, the
 * page, the language and the address; the administrator sees the ticket delivered on the
 * helpdesk's page. Then the helpdesk goes down: the next ticket shows the helpdesk's answer and
 * why it failed, and Retry delivers it once the helpdesk is back (the back-off is ten minutes
 * here, so nothing else could).
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../server/test-support/webhook-receiver';
import { apiLogin } from './support/accounts';
import { signIn } from './support/actions';
import { seriousViolations } from './support/axe';
import { launchBrowser, type BrowserSession } from './support/browser';
import { serveHostPage, type HostPage } from './support/host-page';
import { api, startServer, type RunningServer } from './support/server';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
interface Payload {
  event: string;
  ticket: { id: number; conversation_id: string; language: string | null };
  source: { widget: { id: number; name: string } | null; page_url: string | null };
  contact: { email: string } | null;
}

const WIDGET = 'Capitainerie';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe's serious and critical findings inside the widget's frame. */
async function frameViolations(frame: Frame): Promise<string[]> {
  await frame.evaluate(axeSource);
  const violations = await frame.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run()).violations as { id: string; impact: string | null }[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id);
}

describe('hand-over to a person from a chat widget', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let shop: HostPage;
  let receiver: Receiver;
  let admin: Page;
  let secret = '';
  let helpdeskId = 0;

  const accepted = (): { body: string; headers: Record<string, unknown>; json: Payload }[] =>
    receiver.posts
      .filter((p) => p.status === 200)
      .map((p) => ({ body: p.body, headers: p.headers, json: JSON.parse(p.body) as Payload }));

  async function openWidget(page: Page): Promise<FrameLocator> {
    await page.goto(`${shop.origin}/`);
    await page.getByRole('button', { name: 'Chat' }).click();
    return page.frameLocator('atrium-chat-widget iframe');
  }

  async function askForAdviser(frame: FrameLocator) {
    await frame
      .getByLabel('Votre question')
      .fill('Est-ce que je pourrais parler à un conseiller, s’il vous plaît ?');
    await frame.getByRole('button', { name: 'Envoyer', exact: true }).click();
  }

  beforeAll(async () => {
    server = await startServer({ URL_FETCH_ALLOW: '127.0.0.1', HELPDESK_RETRY_MS: '600000' });
    receiver = await startWebhookReceiver();
    shop = await serveHostPage('127.0.0.2');
    const token = await apiLogin(server, server.admin.email, server.admin.password);
    const desk = await api(server, 'POST', '/helpdesk', {
      token,
      body: { name: 'Harbour desk', site_url: receiver.url, departments: [1] },
    });
    expect(desk.status).toBe(201);
    ({ id: helpdeskId, signing_secret: secret } = desk.body as {
      id: number;
      signing_secret: string;
    });
    const widget = await api(server, 'POST', '/service-agent', {
      token,
      body: { client_name: WIDGET, target_areas: [1], allowed_hosts: [shop.host] },
    });
    expect(widget.status).toBe(201);
    const key = (widget.body as { client_id: string }).client_id;
    shop.body = `<script src="${server.url}/widget.js" data-key="${key}" data-lang="fr" async></script>`;
    browser = await launchBrowser();
    admin = await browser.newPage();
    await signIn(admin, server.url, server.admin.email, server.admin.password);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    await receiver?.close();
    await server?.stop();
  });

  it('when a visitor asks in French for an adviser, then a person will follow up, their address reaches the helpdesk signed with the widget, page and language, and the console shows it delivered', async () => {
    const page = await browser.newPage();
    const frame = await openWidget(page);
    await askForAdviser(frame);
    const answer = frame.locator('[data-testid="chat-message"][data-sender="server"]').first();
    await answer
      .getByText('Je transmets cette conversation à une personne de notre équipe')
      .waitFor({ timeout: 30_000 });
    const notice = frame.getByTestId('visitor-handover');
    await notice
      .getByText('Une personne de notre équipe va donner suite à cette conversation.')
      .waitFor();

    const field = notice.getByLabel('Votre adresse e-mail');
    await field.fill('marie@exemple');
    await notice.getByRole('button', { name: 'Envoyer mon adresse' }).click();
    await notice.getByText('Saisissez une adresse e-mail valide', { exact: false }).waitFor();
    await field.fill('marie.durand@example.fr');
    await notice.getByRole('button', { name: 'Envoyer mon adresse' }).click();
    await notice.getByText("Merci. L'équipe répondra à marie.durand@example.fr.").waitFor();
    await notice.getByText(/^L'équipe a reçu votre demande à \d/).waitFor();

    await expect
      .poll(() => accepted().map((p) => p.json.event), { timeout: 15_000 })
      .toEqual(['ticket.created', 'ticket.updated']);
    const [created, updated] = accepted();
    expect(created.json).toMatchObject({
      ticket: { language: 'fr' },
      source: { widget: { name: WIDGET }, page_url: `${shop.origin}/` },
      contact: null,
    });
    expect(updated.json).toMatchObject({
      ticket: { id: created.json.ticket.id, language: 'fr' },
      source: { widget: { name: WIDGET }, page_url: `${shop.origin}/` },
      contact: { email: 'marie.durand@example.fr' },
    });
    const timestamp = String(updated.headers['x-atrium-timestamp']);
    expect(updated.headers['x-atrium-signature']).toBe(
      'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${updated.body}`).digest('hex'),
    );

    await admin.goto(`${server.url}/integration/helpdesk/update-helpdesk/${helpdeskId}`);
    const ticket = admin.getByTestId('helpdesk-ticket').first();
    await ticket.getByText(`Chatbot ${WIDGET}`, { exact: false }).waitFor();
    await expect(ticket.innerText()).resolves.toContain('marie.durand@example.fr');
    await expect(ticket.innerText()).resolves.toContain('Language: French');
    await ticket.getByText(/The helpdesk received it on /).waitFor();
    await page.close();
  });

  it('when the helpdesk is down, then the console shows its answer and why (axe finding nothing serious there or in the widget), and Retry delivers the ticket once it is back', async () => {
    receiver.failWith(503);
    // bypassCSP: axe's script runs in the widget's frame as well.
    const page = await browser.newPage({
      viewport: { width: 390, height: 780 },
      isMobile: true,
      bypassCSP: true,
    });
    const frame = await openWidget(page);
    await askForAdviser(frame);
    const notice = frame.getByTestId('visitor-handover');
    await notice
      .getByText("Votre demande est en route vers l'équipe.", { exact: false })
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => receiver.posts.filter((p) => p.status === 503).length).toBe(1);
    const inner = page.frames().find((f) => f.url().includes('/chat')) as Frame;
    expect(await frameViolations(inner)).toEqual([]);
    // The console's page of the helpdesk, with a ticket the helpdesk refused.
    const checked = await browser.newPage({ bypassCSP: true });
    await signIn(checked, server.url, server.admin.email, server.admin.password);
    await checked.goto(`${server.url}/integration/helpdesk/update-helpdesk/${helpdeskId}`);
    await checked.getByText(/failed: the helpdesk answered 503\./).waitFor();
    expect(await seriousViolations(checked)).toEqual([]);
    await checked.close();

    await admin.goto(`${server.url}/integration/helpdesk/update-helpdesk/${helpdeskId}`);
    const ticket = admin.getByTestId('helpdesk-ticket').first();
    await ticket.getByText(/failed: the helpdesk answered 503\./).waitFor();
    receiver.failWith(null);
    await ticket
      .getByRole('button', { name: /^Retry now: send ticket #\d+ to the helpdesk again$/ })
      .click();
    await admin.getByText(/Ticket #\d+ is being sent again\./).waitFor();
    await ticket.getByText(/The helpdesk received it on /).waitFor({ timeout: 15_000 });
    await expect.poll(() => accepted().length).toBe(3);
    // The visitor's widget follows: the team has it now.
    await notice.getByText(/^L'équipe a reçu votre demande à \d/).waitFor({ timeout: 15_000 });
    await page.close();
  });
});

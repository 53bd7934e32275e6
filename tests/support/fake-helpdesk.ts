/**
 * A tiny helpdesk site on loopback for the e2e test (issue 17): its callback receives the
 * hand-off token, exchanges it server-side at Atrium with its signing secret, tries the same
 * token a second time, and shows a page with what it learnt.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeHelpdesk {
  url: string;
  /** The signing secret, once the console has shown it. */
  secret: string;
  /** Every token its callback received. */
  tokens: string[];
  /** The bodies of the ticket webhooks it received. */
  tickets: string[];
  close: () => Promise<void>;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

export async function startFakeHelpdesk(atrium: { url: string; apiKey: string }) {
  const exchange = (secret: string, token: string) =>
    fetch(`${atrium.url}/api/helpdesk/exchange`, {
      method: 'POST',
      headers: {
        'x-api-key': atrium.apiKey,
        authorization: `Bearer ${secret}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ token }),
    });
  const site: FakeHelpdesk = {
    url: '',
    secret: '',
    tokens: [],
    tickets: [],
    close: async () => undefined,
  };
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      if (request.method === 'POST' && url.pathname === '/webhooks/atrium') {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        site.tickets.push(Buffer.concat(chunks).toString('utf8'));
        response.writeHead(200).end();
        return;
      }
      if (url.pathname !== '/auth/callback') {
        response.writeHead(404).end();
        return;
      }
      const token = url.searchParams.get('token') ?? '';
      site.tokens.push(token);
      const first = await exchange(site.secret, token);
      const who = (await first.json()) as {
        user?: { first_name: string; last_name: string; email: string };
        helpdesk_role?: string;
      };
      const second = await exchange(site.secret, token);
      const body = `<!doctype html><title>Fake helpdesk</title><h1>Fake helpdesk</h1>
        <p data-testid="who">${escape(who.user ? `${who.user.email} as ${who.helpdesk_role}` : `refused ${first.status}`)}</p>
        <p data-testid="second">${second.status}</p>`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}

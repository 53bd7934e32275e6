/**
 * A customer's website for the chat widget tests (issue 13): a plain page served from another
 * loopback address than Atrium's (127.0.0.2, 127.0.0.3 …), so the browser treats it as another
 * site, with whatever HTML the test pastes into it.
 */
import { createServer, type Server } from 'node:http';

export interface HostPage {
  /** `http://127.0.0.x:<port>`: the page's origin. */
  origin: string;
  /** host:port, as a widget's allowed_hosts entry names it. */
  host: string;
  /** The body of the page; set it before opening. */
  body: string;
  close: () => Promise<void>;
}

export async function serveHostPage(address: string): Promise<HostPage> {
  const page: HostPage = {
    origin: '',
    host: '',
    body: '',
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      // A strict page: the embed script must work without inline scripts or styles. Atrium is
      // allowed where the snippet needs it: its script, its check (connect-src), its frame.
      'content-security-policy': `default-src 'self'; script-src 'self' http://127.0.0.1:*; connect-src 'self' http://127.0.0.1:*; frame-src http://127.0.0.1:*`,
    });
    response.end(
      `<!doctype html><html lang="en"><head><title>Harbour shop</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body><h1>Harbour shop</h1><p>Ropes, fenders and charts.</p>${page.body}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const port = (server.address() as { port: number }).port;
  page.origin = `http://${address}:${port}`;
  page.host = `${address}:${port}`;
  return page;
}

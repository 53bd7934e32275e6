/**
 * A helpdesk's webhook endpoint on loopback for tests and the benchmark: a real HTTP server
 * that answers 503 to its first `failFirst` posts and 200 after (or `failWith` while it is set:
 * a helpdesk that is down until it recovers), and keeps what it received.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedPost {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

export async function startWebhookReceiver(failFirst = 0) {
  const posts: ReceivedPost[] = [];
  let accepted = 0;
  let failing: number | null = null;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const status = failing ?? (posts.length < failFirst ? 503 : 200);
      if (status === 200) accepted += 1;
      posts.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status,
      });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(String(status));
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    posts,
    accepted: () => accepted,
    /** Answer `status` to every post from now on; null: answer 200 again. */
    failWith: (status: number | null) => {
      failing = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits until `check` holds, polling every 25 ms, for at most `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

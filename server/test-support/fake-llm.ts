/**
 * A small local stand-in for an OpenAI-compatible API (tests only): POST /v1/chat/completions,
 * streaming as Server-Sent Events or not, and the failures worth testing — an HTTP error, a
 * hang before the headers, a stream that stops, a stream that never ends. It records each
 * request's body and whether the client closed the connection before the answer ended.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeBehaviour =
  | { kind: 'stream'; chunks: string[] }
  | { kind: 'json'; text: string }
  | { kind: 'error'; status: number; message: string }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Sends these chunks, then nothing more, without ending. */
  | { kind: 'stall'; chunks: string[] }
  /** Sends a chunk every `everyMs` until the client goes away. */
  | { kind: 'endless'; everyMs: number };

export interface FakeRequest {
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
    /** Structured output, when the client asked for it. */
    response_format?: unknown;
  };
  authorization: string | undefined;
  /** The client closed the connection before the answer was complete. */
  closedEarly: boolean;
  closed: Promise<void>;
}

export interface FakeLlm {
  url: string;
  requests: FakeRequest[];
  /** Decides how to answer each request (default: a short cited answer). */
  behave: (request: FakeRequest) => FakeBehaviour;
  close: () => Promise<void>;
}

const chunk = (text: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text } }] })}\n\n`;

export async function startFakeLlm(): Promise<FakeLlm> {
  const open = new Set<ServerResponse>();
  const fake: FakeLlm = {
    url: '',
    requests: [],
    behave: () => ({ kind: 'stream', chunks: ['The answer', ' is here [1].'] }),
    close: async () => undefined,
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      let finished = false;
      let markClosed: () => void = () => undefined;
      const record: FakeRequest = {
        body: JSON.parse(raw || '{}') as FakeRequest['body'],
        authorization: req.headers.authorization,
        closedEarly: false,
        closed: new Promise<void>((resolve) => (markClosed = resolve)),
      };
      fake.requests.push(record);
      open.add(res);
      res.on('close', () => {
        open.delete(res);
        if (!finished) record.closedEarly = true;
        markClosed();
      });
      const end = (body?: string) => {
        finished = true;
        res.end(body);
      };
      const behaviour = fake.behave(record);
      switch (behaviour.kind) {
        case 'json':
          res.writeHead(200, { 'content-type': 'application/json' });
          return end(
            JSON.stringify({
              choices: [{ message: { role: 'assistant', content: behaviour.text } }],
            }),
          );
        case 'error':
          res.writeHead(behaviour.status, { 'content-type': 'application/json' });
          return end(JSON.stringify({ error: { message: behaviour.message } }));
        case 'hang':
          return;
        case 'stream':
        case 'stall':
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          for (const c of behaviour.chunks) res.write(chunk(c));
          if (behaviour.kind === 'stream') end('data: [DONE]\n\n');
          return;
        case 'endless': {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(chunk('Thinking'));
          const timer = setInterval(() => res.write(chunk(' more')), behaviour.everyMs);
          res.on('close', () => clearInterval(timer));
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = async () => {
    for (const res of open) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

/**
 * The e-mail sync's parsing thread (parser-thread.ts): parses each raw message it is sent with
 * parseMessage and answers the row to store, or cleans a mail's HTML for a reply's quote
 * (quote-html.ts, loaded with the first such request), or answers why it could not.
 */
import { parentPort } from 'node:worker_threads';
import { parseMessage } from './parse';
import type { ParseRequest, ParseReply } from './parser-thread';

const port = parentPort;
if (!port) throw new Error('parse-worker runs as a worker thread');

async function answer(request: ParseRequest): Promise<ParseReply> {
  if (request.kind === 'quote') {
    const { quotableHtml } = await import('./quote-html');
    return { id: request.id, html: quotableHtml(request.html) };
  }
  const source = Buffer.from(
    request.source.buffer,
    request.source.byteOffset,
    request.source.byteLength,
  );
  const message = await parseMessage(source, request.uid, request.folder, request.own);
  return { id: request.id, message };
}

port.on('message', (request: ParseRequest) => {
  void answer(request).then(
    (reply) => port.postMessage(reply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies ParseReply),
  );
});

/**
 * The e-mail sync's parsing thread (parser-thread.ts): parses each raw message it is sent with
 * parseMessage and answers the row to store, or why it could not.
 */
import { parentPort } from 'node:worker_threads';
import { parseMessage } from './parse';
import type { ParseRequest, ParseReply } from './parser-thread';

const port = parentPort;
if (!port) throw new Error('parse-worker runs as a worker thread');
port.on('message', (request: ParseRequest) => {
  const source = Buffer.from(
    request.source.buffer,
    request.source.byteOffset,
    request.source.byteLength,
  );
  void parseMessage(source, request.uid, request.folder, request.own).then(
    (message) => port.postMessage({ id: request.id, message } satisfies ParseReply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies ParseReply),
  );
});

/**
 * Parsing of synced mail off the server's main thread.
 *
 * mailparser allocates much for each message, and V8 soon allocates the objects of its busiest
 * sites straight into the old generation (allocation-site pretenuring), where they die and are
 * swept only when that generation reaches its limit — which grows with the heap it shares, the
 * whole server's. In the server's thread a 10,000-message first sync grew the resident memory
 * by 140-160 MB (bench:email; target < 150 MB), all of it garbage (a full collection every 2,000
 * messages kept the heap within 2 MB). In a thread of its own, mailparser has a heap of a few
 * MB whose limit stays low, so its garbage is swept early: the same sync grows 100-111 MB, of
 * which ~45 MB is the thread's own start (a V8 isolate with mailparser loaded). It also takes
 * the parsing (most of a sync's CPU) off the thread that answers requests, onto the other core.
 * (Turning pretenuring off for the whole server also met the target, 42-45 MB, but cost every
 * chat widget answer ~7% more CPU in bench:widget, so it was not kept.)
 *
 * One thread for the process, shared by every sync: started with the first message to parse (a
 * sync with nothing new starts none), ended after IDLE_MS without work, so the periodic syncs
 * (EMAIL_SYNC_SECONDS, 60 by default) do not pay its start (~0.4 s: it loads mailparser) each
 * time. It never keeps the process alive.
 *
 * It also cleans a received mail's HTML for the quote of a reply (quote-html.ts), whose jsdom
 * the server's own heap should not keep either.
 */
import { Worker } from 'node:worker_threads';
import type { NewMessage } from './mailbox-repo';

export type ParseRequest =
  | {
      id: number;
      kind: 'parse';
      source: Uint8Array;
      uid: number;
      folder: 'INBOX' | 'Sent';
      own: string;
    }
  | { id: number; kind: 'quote'; html: string };
export type ParseReply =
  | { id: number; message: NewMessage }
  | { id: number; html: string }
  | { id: number; error: string };

export interface ParserThread {
  parse(source: Buffer, uid: number, folder: 'INBOX' | 'Sent', own: string): Promise<NewMessage>;
  /** The HTML cleaned for a reply's quote (quote-html.ts). */
  quote(html: string): Promise<string>;
}

const IDLE_MS = 120_000;

function entry(): URL {
  const here = import.meta.url;
  // Compiled, the worker is its own entry beside this chunk (scripts/build-server.mjs); a source
  // run (tsx) registers tsx's ESM loader in the thread first (as extract-child.mjs does).
  return new URL(here.endsWith('.ts') ? './parse-worker-entry.mjs' : './parse-worker.js', here);
}

/** Structured cloning hands Buffers back as plain Uint8Arrays. */
function revive(message: NewMessage): NewMessage {
  return {
    row: message.row,
    attachments: message.attachments.map((a) => ({
      ...a,
      content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
    })),
  };
}

let shared: ParserThread | null = null;

/** The process's parsing thread. */
export function parserThread(): ParserThread {
  shared ??= createParserThread();
  return shared;
}

function createParserThread(): ParserThread {
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | null = null;
  let nextId = 1;
  const waiting = new Map<
    number,
    { resolve: (reply: ParseReply) => void; reject: (e: Error) => void }
  >();
  const failAll = (error: Error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
    worker = null;
  };
  const started = () => {
    if (worker) return worker;
    const w = new Worker(entry());
    w.unref();
    w.on('message', (reply: ParseReply) => {
      const pending = waiting.get(reply.id);
      if (!pending) return;
      waiting.delete(reply.id);
      if ('error' in reply) pending.reject(new Error(reply.error));
      else pending.resolve(reply);
      if (waiting.size === 0) {
        idle = setTimeout(() => {
          if (waiting.size > 0 || worker !== w) return;
          worker = null;
          // Its end is not a failure: a thread started meanwhile keeps its requests.
          w.removeAllListeners('exit');
          w.removeAllListeners('error');
          void w.terminate();
        }, IDLE_MS);
        idle.unref();
      }
    });
    // Every request waiting belongs to the current thread (an idle one ends with none).
    w.on('error', (error) => worker === w && failAll(error));
    w.on('exit', (code) => {
      if (worker === w) failAll(new Error(`the parsing thread ended (${code})`));
    });
    worker = w;
    return w;
  };
  const ask = (request: ParseRequest, transfer: ArrayBuffer[] = []) => {
    if (idle) clearTimeout(idle);
    idle = null;
    return new Promise<ParseReply>((resolve, reject) => {
      waiting.set(request.id, { resolve, reject });
      started().postMessage(request, transfer);
    });
  };
  return {
    async parse(source, uid, folder, own) {
      // Its own bytes only (a Buffer may view a larger pool), handed over without a copy.
      const bytes = new Uint8Array(source);
      const request = { id: nextId++, kind: 'parse', source: bytes, uid, folder, own } as const;
      const reply = await ask(request, [bytes.buffer]);
      if (!('message' in reply)) throw new Error('the parsing thread answered no message');
      return revive(reply.message);
    },
    async quote(html) {
      const reply = await ask({ id: nextId++, kind: 'quote', html });
      if (!('html' in reply)) throw new Error('the parsing thread answered no HTML');
      return reply.html;
    },
  };
}

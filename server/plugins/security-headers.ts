/**
 * Security headers. The CSP is what the built Vite SPA needs: its own scripts only; inline
 * styles are allowed because CoreUI components set style attributes; images may be data: URIs
 * (CoreUI icons). `upgrade-insecure-requests` is left out so plain-http local runs work.
 *
 * Framing is refused everywhere (`frame-ancestors 'none'`, X-Frame-Options), with one
 * exception: a chat widget's pages, `/chat?key=K` and `/login?key=K` for the key K
 * of a widget, may be framed by that widget's allowed hosts (and Atrium itself), and by nobody
 * else; the browser then refuses to show the widget on any other site. A switched-off widget's
 * pages too: they say so to its visitors (login by key refuses them). The embed
 * script may be loaded by any site (Cross-Origin-Resource-Policy).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { EMBED_SCRIPT_PATH, WIDGET_FRAME_PAGES } from '../../contract/widget-session';
import { frameAncestorSources } from '../../contract/widget-hosts';
import { normalizedPath } from './api-key';

interface FramingOptions {
  /** The allowed hosts of the widget whose key this is; undefined for any other key. */
  framingHosts?: (key: string) => Promise<string[] | undefined>;
}

const FRAME_PAGES: ReadonlySet<string> = new Set(WIDGET_FRAME_PAGES);

/** The `key` of a GET of a widget page (`/chat?key=…`), else undefined. */
function widgetPageKey(method: string, url: string): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const query = url.indexOf('?');
  if (query < 0 || !FRAME_PAGES.has(normalizedPath(url).replace(/\/+$/, ''))) return undefined;
  return new URLSearchParams(url.slice(query + 1)).get('key') ?? undefined;
}

/**
 * The headers helmet sets, worked out once at start: they are the same for every answer, and
 * @fastify/helmet rebuilt helmet's middleware (parsing the CSP) on every request — 6 % of a
 * /users/me request in the bench:api profile.
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return [...headers];
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  { framingHosts }: FramingOptions = {},
): Promise<void> {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for the e-mail reader's remote images once the reader allows them: its
        // sandboxed frame inherits this policy (and narrows it to data: and cid: until then).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // The chat shows a cited pdf (an object URL of GET /download/{id}) in a frame.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The helpdesk opens in a new tab with the token in its URL; keep referrers to our origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    if (
      request.url.startsWith(EMBED_SCRIPT_PATH) &&
      normalizedPath(request.url) === EMBED_SCRIPT_PATH
    )
      reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });

  const csp = headers.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1];
  if (!framingHosts || !csp) return;
  app.addHook('onRequest', (request, reply, done) => {
    const key = widgetPageKey(request.method, request.url);
    if (key === undefined) return done();
    framingHosts(key).then((hosts) => {
      if (hosts && hosts.length > 0) {
        const sources = ["'self'", ...frameAncestorSources(hosts)].join(' ');
        reply.header(
          'content-security-policy',
          csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${sources}`),
        );
        // Browsers that know frame-ancestors ignore X-Frame-Options beside it; older ones
        // would refuse the frame, so it goes.
        reply.removeHeader('x-frame-options');
      }
      done();
    }, done);
  });
}

/**
 * One JSON line per request, without the secrets that travel in URLs. API routes are logged by
 * their pattern (`/api/verify/:token`, `/api/users/:email`), however the path was spelled
 * (`/%61pi/verify/…`). Other paths, and API paths that match no route, are logged with every
 * segment that looks like a secret (an e-mail address, an escape, a long token) replaced. Query
 * values are logged only for the few plain parameters below; `token`, `email`, `key`,
 * `verify_page_link`, `search` and any other value become `[redacted]`.
 */
import type { FastifyInstance } from 'fastify';
import type { LoggerOptions } from 'pino';
import { normalizedPath, reachesApi } from './api-key';

const REDACTED = '[redacted]';

/** Query parameters whose values say nothing about a person or a secret. */
const PLAIN_QUERY = new Set([
  'page',
  'size',
  'sort',
  'order',
  'status',
  'theme',
  'lng',
  'stream',
  'format',
]);

/** An e-mail address, anything escaped, or a long run without a dot (tokens, not file names). */
const SECRET_SEGMENT = /@|%|^[^.]{20,}$/;

function maskedPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(segment) ? REDACTED : segment))
    .join('/');
}

function maskedQuery(query: string): string {
  const shown: string[] = [];
  for (const [name, value] of new URLSearchParams(query))
    shown.push(
      `${encodeURIComponent(name)}=${PLAIN_QUERY.has(name) && !SECRET_SEGMENT.test(value) ? encodeURIComponent(value) : REDACTED}`,
    );
  return shown.join('&');
}

/** What the log says a request asked for: the route or a masked path, and a masked query. */
function loggedUrl(url: string, route: string | undefined): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  let shown: string;
  if (reachesApi(url, route))
    shown = route?.startsWith('/api') ? route : maskedPath(normalizedPath(path));
  else shown = maskedPath(path);
  const query = mark === -1 ? '' : maskedQuery(url.slice(mark + 1));
  return query ? `${shown}?${query}` : shown;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Whatever logs a request object (Fastify's own warnings) gets the masked URL too.
    serializers: {
      req: (request: { method?: string; url?: string; routeOptions?: { url?: string } }) => ({
        method: request.method,
        url: loggedUrl(request.url ?? '', request.routeOptions?.url),
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'req.headers.cookie',
        'headers.authorization',
        'headers["x-api-key"]',
        'headers.cookie',
        '*.password',
        '*.old_password',
        '*.new_password',
        '*.access_token',
        '*.token',
      ],
      censor: REDACTED,
    },
  };
}

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: loggedUrl(request.url, request.routeOptions.url),
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime),
        ip: request.ip,
      },
      'request',
    );
  });
}

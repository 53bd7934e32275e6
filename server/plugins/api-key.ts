/** Every /api call must carry `x-api-key` equal to API_KEY (SPEC §7), before anything else. */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The path as the router reads it: without the query, percent-decoded (`/%61pi` is `/api`) and
 * with repeated slashes collapsed. A path that does not decode is kept as it is.
 */
export function normalizedPath(url: string): string {
  const path = url.split('?')[0];
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // malformed escapes: the router answers 400/404 for it; judge the raw text
  }
  return decoded.replace(/\/{2,}/g, '/');
}

/**
 * Whether a request reaches the API: by the route the router matched, which is what runs, and
 * by the decoded path for requests that match no route (they still must not reveal anything).
 */
export function reachesApi(url: string, routeUrl: string | undefined): boolean {
  return isApiPath(routeUrl ?? '') || isApiPath(normalizedPath(url)) || isApiPath(url);
}

export function registerApiKeyCheck(app: FastifyInstance, apiKey: string): void {
  app.addHook('onRequest', async (request) => {
    if (!reachesApi(request.url, request.routeOptions.url)) return;
    const given = request.headers['x-api-key'];
    if (typeof given !== 'string' || !sameSecret(given, apiKey))
      throw new AppError(401, 'INVALID_API_KEY', 'A valid x-api-key header is required.');
  });
}

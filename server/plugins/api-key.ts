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

export function registerApiKeyCheck(app: FastifyInstance, apiKey: string): void {
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url)) return;
    const given = request.headers['x-api-key'];
    if (typeof given !== 'string' || !sameSecret(given, apiKey))
      throw new AppError(401, 'INVALID_API_KEY', 'A valid x-api-key header is required.');
  });
}
